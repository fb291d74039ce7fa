import type { ProductStrings } from './en';

/**
 * The product elements' texts in Japanese: a pack of its own, loaded only by Japanese pages with products.
 */
const ja: ProductStrings = {
  loading: '商品情報を読み込んでいます…',
  loadingProducts: '商品一覧を読み込んでいます…',
  addToCart: 'カートに入れる',
  adding: '追加しています…',
  added: '{name}をカートに追加しました。',
  soldOut: '売り切れ',
  unavailable: '購入できません',
  outOfStock: '在庫切れ',
  onlyLeft: '残り{count}点',
  inStock: '在庫あり',
  sku: '商品番号 {sku}',
  choiceSoldOut: '{choice}（売り切れ）',
  choiceUnavailable: '{choice}（購入不可）',
  quantity: '数量',
  decrease: '1つ減らす',
  increase: '1つ増やす',
  quantityInvalid: '1から{max}までの整数を入力してください。',
  regularPrice: '通常価格',
  salePrice: 'セール価格',
  unitPrice: '{price} / {unit}',
  unitPriceLabel: '単価',
  images: '{name}の画像',
  showImage: '画像 {index}/{count}',
  productsShown: '{total}件中{shown}件を表示',
  loadMore: 'もっと見る',
  loadingMore: '読み込んでいます…',
  empty: 'まだ商品がありません。',
  missing: 'この商品はご利用いただけません。',
  productFailed: 'この商品を読み込めませんでした。',
  productsFailed: '商品を読み込めませんでした。',
  addFailed: '商品を追加できませんでした。',
  networkError: 'ショップに接続できません。接続を確認して、もう一度お試しください。',
  retry: '再試行',
  close: '閉じる',
};

export default ja;
