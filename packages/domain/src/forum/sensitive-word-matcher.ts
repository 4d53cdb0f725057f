/**
 * Many words found in one pass over a text (Aho–Corasick): the automaton is built once per word list, and
 * matching walks each character of the text once whatever the number of words. ASCII letters match in any
 * case; other characters (Chinese has no case) as they are.
 */
export class SensitiveWordMatcher {
  /** Per node, its transitions by UTF-16 code unit. */
  private readonly next: Map<number, number>[] = [new Map()];
  /** The word ending at a node (its index in `words`), -1 for none. */
  private readonly ends: number[] = [-1];
  private fail: Int32Array = new Int32Array(1);
  /** The nearest node on a node's failure chain where a word ends, -1 for none. */
  private output: Int32Array = new Int32Array(1).fill(-1);
  /**
   * The root's transitions as a table by code unit (0 for none): most characters of a text start no word,
   * so most steps are from the root, and a table lookup is several times cheaper than a map's.
   */
  private readonly rootNext = new Int32Array(0x10000);
  readonly words: readonly string[];

  constructor(words: Iterable<string>) {
    const distinct: string[] = [];
    for (const word of words) {
      if (word.length === 0) continue;
      if (this.insert(word, distinct.length)) distinct.push(word);
    }
    this.words = distinct;
    this.link();
  }

  get size(): number {
    return this.words.length;
  }

  /** The distinct words the text holds, in the order each is first found (by where it ends). */
  find(text: string): string[] {
    if (this.words.length === 0) return [];
    const found: string[] = [];
    const seen = new Uint8Array(this.words.length);
    const { next, fail, output, ends, rootNext } = this;
    let node = 0;
    for (let i = 0; i < text.length; i++) {
      const code = fold(text.charCodeAt(i));
      if (node !== 0) {
        let to = next[node]!.get(code);
        while (to === undefined && node !== 0) {
          node = fail[node]!;
          to = node === 0 ? undefined : next[node]!.get(code);
        }
        node = to ?? rootNext[code]!;
      } else {
        node = rootNext[code]!;
      }
      if (node === 0) continue;
      for (let at = ends[node] === -1 ? output[node]! : node; at !== -1; at = output[at]!) {
        const word = ends[at]!;
        if (seen[word] === 0) {
          seen[word] = 1;
          found.push(this.words[word]!);
        }
      }
    }
    return found;
  }

  /** Answers false when the word (in any ASCII case) is in already. */
  private insert(word: string, index: number): boolean {
    let node = 0;
    for (let i = 0; i < word.length; i++) {
      const code = fold(word.charCodeAt(i));
      let to = this.next[node]!.get(code);
      if (to === undefined) {
        to = this.next.length;
        this.next.push(new Map());
        this.ends.push(-1);
        this.next[node]!.set(code, to);
      }
      node = to;
    }
    if (this.ends[node] !== -1) return false;
    this.ends[node] = index;
    return true;
  }

  /** The failure and output links, breadth first from the root. */
  private link(): void {
    const nodes = this.next.length;
    this.fail = new Int32Array(nodes);
    this.output = new Int32Array(nodes).fill(-1);
    const queue = new Int32Array(nodes);
    let head = 0;
    let tail = 0;
    for (const [code, child] of this.next[0]!) {
      this.rootNext[code] = child;
      queue[tail++] = child;
    }
    while (head < tail) {
      const node = queue[head++]!;
      const failOfNode = this.fail[node]!;
      this.output[node] = this.ends[failOfNode] !== -1 ? failOfNode : this.output[failOfNode]!;
      for (const [code, child] of this.next[node]!) {
        let f = failOfNode;
        let to = this.next[f]!.get(code);
        while (to === undefined && f !== 0) {
          f = this.fail[f]!;
          to = this.next[f]!.get(code);
        }
        this.fail[child] = to !== undefined && to !== child ? to : 0;
        queue[tail++] = child;
      }
    }
  }
}

const fold = (code: number): number => (code >= 65 && code <= 90 ? code + 32 : code);

/** A text cut where the words occur, for showing them highlighted: each piece marked whether it is one. */
export interface MarkedPiece {
  text: string;
  word: boolean;
}

/**
 * The text in pieces, the words found in it marked (overlapping finds joined into one marked piece).
 * For screens: a post's text against the few words stored with it.
 */
export function markWords(text: string, words: readonly string[]): MarkedPiece[] {
  const wanted = words.filter((w) => w.length > 0);
  if (wanted.length === 0 || text.length === 0) return text ? [{ text, word: false }] : [];
  const lower = text.toLowerCase();
  const marked = new Uint8Array(text.length);
  for (const word of wanted) {
    const needle = word.toLowerCase();
    for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + 1)) {
      marked.fill(1, at, at + needle.length);
    }
  }
  const pieces: MarkedPiece[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || marked[i] !== marked[start]) {
      pieces.push({ text: text.slice(start, i), word: marked[start] === 1 });
      start = i;
    }
  }
  return pieces;
}

/** illegalWords as stored (comma-separated) split into the list the lists answer as illegalWordArr. */
export const splitIllegalWords = (illegalWords: string | null | undefined): string[] =>
  illegalWords ? illegalWords.split(',').filter((w) => w.length > 0) : [];
