/**
 * Runs the product (A) and its peer (B) alternately, A B A B ..., after a
 * warm-up of each, so drift on a shared machine hits both sides alike; the
 * figure is the median of the per-pair ratios.
 */
import { median } from './load.ts';

export interface PairedResult {
  product: number[];
  peer: number[];
  ratios: number[];
  medianRatio: number;
}

export async function alternate(pairs: number, measureProduct: () => Promise<number>, measurePeer: () => Promise<number>): Promise<PairedResult> {
  await measureProduct();
  await measurePeer();
  const product: number[] = [];
  const peer: number[] = [];
  for (let index = 0; index < pairs; index += 1) {
    product.push(await measureProduct());
    peer.push(await measurePeer());
  }
  const ratios = product.map((value, index) => value / peer[index]!);
  return { product, peer, ratios, medianRatio: median(ratios) };
}
