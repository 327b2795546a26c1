// The chaos run's fault switch (npm run bench:chaos): which chat objects the worker treats as unreachable, and until
// when. Only worker/dev/faults.ts sets it, through a route that answers 404 outside local development, so in every
// deployment the map stays empty and chatRoomStub (room-stub.ts) is the plain stub.

/** Object names (channel ids) and until when (ms since the epoch) the worker cannot reach them. */
const unreachableUntil = new Map<string, number>();

export function makeRoomUnreachable(name: string, until: number) {
  unreachableUntil.set(name, until);
}

/** For an object the switch has unreachable now, a stub whose every call fails as a call to a lost object does. */
export function unreachableRoomStub<Stub extends object>(name: string, now = Date.now()): Stub | null {
  const until = unreachableUntil.get(name);
  if (until === undefined) return null;
  if (until <= now) {
    unreachableUntil.delete(name);
    return null;
  }
  const fail = () => Promise.reject(new Error(`Durable Object ${name} unreachable (local fault switch)`));
  return new Proxy({} as Stub, { get: () => fail });
}
