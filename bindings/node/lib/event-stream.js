'use strict';
/**
 * EventStream: an async iterator over a session's events, from its creation until the session's event stream ends.
 * Events wait in the stream's own queue until the consumer asks for them (none is dropped); leaving the loop early
 * (break, return, throw) detaches it.
 */
class EventStream {
  #queue = [];
  #waiting = [];
  #done = false;
  #detach;

  /** @param {() => void} detach called once when the consumer leaves early */
  constructor(detach) {
    this.#detach = detach;
  }

  /** Queues an event, or hands it to a waiting next(). */
  push(event) {
    if (this.#done) return;
    const waiter = this.#waiting.shift();
    if (waiter) waiter({ value: event, done: false });
    else this.#queue.push(event);
  }

  /** Ends the stream: queued events are still yielded, then iteration finishes. */
  end() {
    this.#done = true;
    for (const waiter of this.#waiting.splice(0)) waiter({ value: undefined, done: true });
  }

  next() {
    if (this.#queue.length > 0) return Promise.resolve({ value: this.#queue.shift(), done: false });
    if (this.#done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  return() {
    this.#queue.length = 0;
    if (!this.#done) {
      this.end();
      this.#detach();
    }
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator]() {
    return this;
  }
}

module.exports = { EventStream };
