/**
 * Supersession links (a product replaced by another) as a forest that says where a chain ends
 * while links are added and taken away, each step in O(log n) amortized time: a rooted link-cut
 * tree (Sleator and Tarjan, 1983). The import's dry run asks, for each row of a file of up to
 * 250,000, whether its link would close a loop; following the chain each time took time in the
 * chain's length per row, and a file of one long chain froze the process (docs/decisions/072).
 *
 * A product's link points to its replacement, so the end of a chain is the root of its tree.
 * Internally each preferred path is a splay tree ordered from the root down: `left` holds what is
 * nearer the end of the chain, and `up` is either the splay parent or, for a splay tree's root,
 * the path's link to the rest of the tree.
 */
export class SupersessionForest {
  private readonly idOf = new Map<string, number>();
  /** Index 0 is "none"; products are numbered from 1. */
  private readonly skuOf: string[] = [''];
  private readonly left: number[] = [0];
  private readonly right: number[] = [0];
  private readonly up: number[] = [0];
  /** What each product links to now, by SKU, as given. */
  private readonly linkOf = new Map<string, string>();

  /** The last product of the chain that starts at `sku` (itself when it is not replaced). */
  endOf(sku: string): string {
    let x = this.id(sku);
    this.access(x);
    while (this.left[x]) x = this.left[x] as number;
    this.splay(x);
    return this.skuOf[x] as string;
  }

  /**
   * Links `sku` to `replacement` in place of any link it had, unless that makes a loop: then
   * nothing changes and the answer is false.
   */
  tryLink(sku: string, replacement: string): boolean {
    if (sku === replacement) return false;
    const had = this.linkOf.get(sku);
    if (had === replacement) return true;
    if (had !== undefined) this.cut(sku);
    if (this.endOf(replacement) === sku) {
      if (had !== undefined) this.attach(sku, had);
      return false;
    }
    this.attach(sku, replacement);
    return true;
  }

  /** Gives `sku`, which ends its chain, the link to `replacement`. */
  private attach(sku: string, replacement: string): void {
    const x = this.id(sku);
    this.access(x);
    this.up[x] = this.id(replacement);
    this.linkOf.set(sku, replacement);
  }

  /** Takes `sku`'s link away: it ends its own chain again. */
  cut(sku: string): void {
    const x = this.id(sku);
    this.access(x);
    const above = this.left[x] as number;
    if (above) {
      this.up[above] = 0;
      this.left[x] = 0;
    }
    this.linkOf.delete(sku);
  }

  private id(sku: string): number {
    let x = this.idOf.get(sku);
    if (x === undefined) {
      x = this.skuOf.length;
      this.idOf.set(sku, x);
      this.skuOf.push(sku);
      this.left.push(0);
      this.right.push(0);
      this.up.push(0);
    }
    return x;
  }

  private isSplayRoot(x: number): boolean {
    const p = this.up[x] as number;
    return p === 0 || (this.left[p] !== x && this.right[p] !== x);
  }

  private rotate(x: number): void {
    const p = this.up[x] as number;
    const g = this.up[p] as number;
    if (!this.isSplayRoot(p)) {
      if (this.left[g] === p) this.left[g] = x;
      else this.right[g] = x;
    }
    this.up[x] = g;
    if (this.left[p] === x) {
      const moved = this.right[x] as number;
      this.left[p] = moved;
      if (moved) this.up[moved] = p;
      this.right[x] = p;
    } else {
      const moved = this.left[x] as number;
      this.right[p] = moved;
      if (moved) this.up[moved] = p;
      this.left[x] = p;
    }
    this.up[p] = x;
  }

  private splay(x: number): void {
    while (!this.isSplayRoot(x)) {
      const p = this.up[x] as number;
      if (!this.isSplayRoot(p)) {
        const g = this.up[p] as number;
        this.rotate((this.left[g] === p) === (this.left[p] === x) ? p : x);
      }
      this.rotate(x);
    }
  }

  /** Makes the path from `x`'s chain end down to `x` one splay tree, with `x` at its root and nothing below it. */
  private access(x: number): void {
    let below = 0;
    for (let y = x; y; y = this.up[y] as number) {
      this.splay(y);
      this.right[y] = below;
      below = y;
    }
    this.splay(x);
  }
}
