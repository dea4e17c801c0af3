// The success pages' one "verify the payment, retry" loop (web/usePaymentVerification.ts): a final answer
// ends it at once; "still pending" is asked again PENDING_RETRIES times, PENDING_DELAY_MS apart, and then
// the page's own still-pending answer is given; leaving the page stops it.
import { describe, expect, it } from "vitest";
import { PENDING_DELAY_MS, PENDING_RETRIES, STILL_PENDING, verifyWithRetries } from "../../web/usePaymentVerification";

function answers<R>(...outcomes: (R | typeof STILL_PENDING)[]) {
  let asked = 0;
  const check = async () => outcomes[Math.min(asked++, outcomes.length - 1)]!;
  return { check, asked: () => asked };
}

const waits: number[] = [];
const wait = async (ms: number) => void waits.push(ms);

describe("verifyWithRetries", () => {
  it("a final answer on the first check is the result, without waiting", async () => {
    waits.length = 0;
    const { check, asked } = answers("paid");
    expect(await verifyWithRetries(check, "timed out", new AbortController().signal, wait)).toBe("paid");
    expect(asked()).toBe(1);
    expect(waits).toEqual([]);
  });

  it("a pending payment is asked again after PENDING_DELAY_MS until it is final", async () => {
    waits.length = 0;
    const { check, asked } = answers(STILL_PENDING, STILL_PENDING, "paid");
    expect(await verifyWithRetries(check, "timed out", new AbortController().signal, wait)).toBe("paid");
    expect(asked()).toBe(3);
    expect(waits).toEqual([PENDING_DELAY_MS, PENDING_DELAY_MS]);
  });

  it("still pending after PENDING_RETRIES more checks (8, 1.5 s apart): the page's still-pending answer", async () => {
    waits.length = 0;
    const { check, asked } = answers<string>(STILL_PENDING);
    expect(await verifyWithRetries(check, "timed out", new AbortController().signal, wait)).toBe("timed out");
    expect(PENDING_RETRIES).toBe(8);
    expect(PENDING_DELAY_MS).toBe(1_500);
    expect(asked()).toBe(PENDING_RETRIES + 1);
    expect(waits).toHaveLength(PENDING_RETRIES);
  });

  it("leaving the page (the signal aborts) stops asking", async () => {
    const controller = new AbortController();
    const { check, asked } = answers<string>(STILL_PENDING);
    const stopped = verifyWithRetries(check, "timed out", controller.signal, async () => controller.abort());
    await expect(stopped).rejects.toMatchObject({ name: "AbortError" });
    expect(asked()).toBe(1);
  });

  it("a failed request is the result's error, not retried", async () => {
    let asked = 0;
    const failing = async () => {
      asked++;
      throw new Error("404");
    };
    await expect(verifyWithRetries(failing, "timed out", new AbortController().signal, wait)).rejects.toThrow("404");
    expect(asked).toBe(1);
  });
});
