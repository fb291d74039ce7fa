import type { MenuStrings } from './menu.en';

/** Portuguese texts, loaded only by pages in Portuguese. */
const pt: MenuStrings = {
  ACCOUNT_INFO: 'Minha conta',
  ORDERS: 'Meus pedidos',
  SUBSCRIPTIONS: 'Minhas assinaturas',
  BOOKINGS: 'Minhas reservas',
  EVENTS: 'Meus eventos',
  editSlug: 'Editar a URL do perfil',
  join: 'Entrar na comunidade',
  leave: 'Sair da comunidade',
  joined: 'Agora você faz parte da comunidade.',
  left: 'Você saiu da comunidade: seu perfil é privado.',
  signOut: 'Sair',
  deleteAccount: 'Excluir minha conta',
  slugLabel: 'Endereço do perfil',
  slugHelp:
    'Letras minúsculas (a–z), números e hifens, sem hífen no início ou no fim; ele aparece no link do seu perfil.',
  slugEmpty: 'Digite um endereço.',
  slugInvalid: '“{slug}” não segue estas regras.',
  slugTaken: '“{slug}” é o endereço de outro membro. Tente outro.',
  save: 'Salvar',
  saving: 'Salvando…',
  cancel: 'Cancelar',
  slugSaved: 'O endereço do seu perfil agora é {slug}.',
  deleteTitle: 'Excluir sua conta?',
  deleteText:
    'Seu perfil e seu login neste site serão removidos para sempre. Os pedidos já feitos continuam com a loja.',
  deleteConfirm: 'Excluir minha conta',
  deleting: 'Excluindo…',
  networkError: 'Não foi possível acessar a loja. Verifique sua conexão e tente novamente.',
  failed: 'Não deu certo: {message}',
  member: 'Membro',
};

export default pt;
