import type { MemberStrings } from './member.en';

/** The Portuguese texts of the badge's member part, downloaded with it on a page in Portuguese. */
const pt: MemberStrings = {
  accountMenu: 'menu da conta',
  member: 'Membro',
  sessionExpired: 'Sua sessão foi encerrada. Entre novamente para voltar à sua conta e ao seu carrinho.',
  signInFailed: 'Não foi possível entrar.',
  signInAgain: 'Entrar novamente',
  dismiss: 'Fechar',
};

export default pt;
