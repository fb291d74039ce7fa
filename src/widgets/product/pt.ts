import type { ProductStrings } from './en';

/**
 * The product elements' texts in Portuguese: a pack of its own, loaded only by Portuguese pages with
 * products.
 */
const pt: ProductStrings = {
  loading: 'Carregando o produto…',
  loadingProducts: 'Carregando produtos…',
  addToCart: 'Adicionar ao carrinho',
  adding: 'Adicionando…',
  added: '{name} está no seu carrinho.',
  soldOut: 'Esgotado',
  unavailable: 'Indisponível',
  outOfStock: 'Fora de estoque',
  onlyLeft: 'Apenas {count} em estoque',
  inStock: 'Em estoque',
  sku: 'Cód. {sku}',
  choiceSoldOut: '{choice} (esgotado)',
  choiceUnavailable: '{choice} (indisponível)',
  quantity: 'Quantidade',
  decrease: 'Diminuir a quantidade',
  increase: 'Aumentar a quantidade',
  quantityInvalid: 'Digite um número inteiro de 1 a {max}.',
  regularPrice: 'Preço normal',
  salePrice: 'Preço promocional',
  unitPrice: '{price} / {unit}',
  unitPriceLabel: 'Preço unitário',
  images: 'Imagens de {name}',
  showImage: 'Imagem {index} de {count}',
  productsShown: 'Mostrando {shown} de {total} produtos',
  loadMore: 'Carregar mais',
  loadingMore: 'Carregando mais…',
  empty: 'Ainda não há produtos aqui.',
  missing: 'Este produto não está disponível.',
  productFailed: 'Não foi possível carregar este produto.',
  productsFailed: 'Não foi possível carregar os produtos.',
  addFailed: 'Não foi possível adicionar o item.',
  networkError: 'Não foi possível acessar a loja. Verifique sua conexão e tente novamente.',
  retry: 'Tentar novamente',
  close: 'Fechar',
};

export default pt;
