// A WebSocket the test drives by hand (install with vi.stubGlobal("WebSocket", FakeSocket)).
import { act, waitFor } from "@testing-library/react";
import { expect } from "vitest";
export class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  /** The newest socket whose address ends with `path`. */
  static last(path: string) {
    return FakeSocket.all.filter((s) => s.url.endsWith(path)).at(-1);
  }
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  sent: string[] = [];
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** The server closed it. */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

/** Opens the live socket once the shell has made it: the bell's and the unread counts' first loads wait for it. */
export async function openLiveSocket() {
  await waitFor(() => expect(FakeSocket.last("/api/live/socket")).toBeTruthy(), { timeout: 10_000 });
  act(() => FakeSocket.last("/api/live/socket")!.open());
}
