// A burst of confetti when a job goes live: exactly 200 pieces.
// canvas-confetti draws on its own full-screen canvas and skips itself for reduced-motion users.
import { useEffect } from "react";

export const CONFETTI_PIECES = 200;

export function Confetti() {
  useEffect(() => {
    const canvas = document.createElement("canvas");
    canvas.className = "confetti-canvas";
    canvas.setAttribute("aria-hidden", "true");
    canvas.dataset.pieces = String(CONFETTI_PIECES);
    document.body.appendChild(canvas);
    let fire: ReturnType<typeof import("canvas-confetti").create> | null = null;
    let live = true;
    // Loaded only when there is something to celebrate.
    void import("canvas-confetti").then(({ default: confetti }) => {
      if (!live) return;
      fire = confetti.create(canvas, { resize: true, disableForReducedMotion: true });
      void fire({ particleCount: CONFETTI_PIECES, spread: 90, origin: { y: 0.6 } });
    });
    return () => {
      live = false;
      fire?.reset();
      canvas.remove();
    };
  }, []);
  return null;
}
