const SHARDS = 16;

/**
 * Station ids to their slots, over 16 maps. One map of a million ids stops everything for tens of
 * milliseconds each time it doubles (every entry is moved at once); sixteen maps of a sixteenth each
 * grow in sixteenth-sized steps.
 */
export class IdSlots {
  private readonly shards = Array.from({ length: SHARDS }, () => new Map<string, number>());

  get(id: string): number | undefined {
    return this.shardOf(id).get(id);
  }

  set(id: string, slot: number): void {
    this.shardOf(id).set(id, slot);
  }

  delete(id: string): boolean {
    return this.shardOf(id).delete(id);
  }

  /** The last characters of an id vary most (numbered or random ids); four of them spread ids evenly. */
  private shardOf(id: string): Map<string, number> {
    let hash = 0;
    for (let i = Math.max(0, id.length - 4); i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) | 0;
    return this.shards[hash & (SHARDS - 1)]!;
  }
}
