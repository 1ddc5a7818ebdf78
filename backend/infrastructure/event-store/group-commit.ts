/**
 * Group commit: items submitted while earlier ones are in flight wait and go together, in one
 * call of `send`, as soon as a slot frees. At most `maxInFlight` calls run at once and each
 * takes at most `maxBatch` items; nothing waits on a timer, so an item that arrives while a
 * slot is free goes at once, alone. Under load, the waiting line becomes the next batch: the
 * busier the store, the more each round trip and commit carries.
 *
 * `send` answers one result per item, in the order given. A call that fails rejects every item
 * it carried with its error; each caller decides what that means for its item.
 */
export class GroupCommit<Item, Result> {
  private readonly waiting: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  private inFlight = 0;

  constructor(
    private readonly send: (items: Item[]) => Promise<Result[]>,
    private readonly limits: { maxInFlight: number; maxBatch: number },
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.next();
    });
  }

  private next() {
    while (this.inFlight < this.limits.maxInFlight && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.limits.maxBatch);
      this.inFlight += 1;
      this.send(batch.map((b) => b.item))
        .then(
          (results) => {
            if (results.length !== batch.length) throw new Error(`group commit: ${results.length} results for ${batch.length} items`);
            batch.forEach((b, i) => b.resolve(results[i]));
          },
        )
        .catch((error: unknown) => {
          for (const b of batch) b.reject(error);
        })
        .finally(() => {
          this.inFlight -= 1;
          this.next();
        });
    }
  }
}
