// The live dashboard's realtime link: a WebSocket to the company's Durable Object, which sends the whole
// state on connect and after every change. A dropped socket reconnects with backoff (and at once when the
// tab comes back or the network returns); since the first message is the full state, a reconnect always
// catches up. A refused upgrade (e.g. an expired session) renews the session before the next try.
import { useEffect, useRef, useState } from "react";
import type { SpotlightState } from "@rules/spotlight";
import { useAuth } from "../../auth";
import { socketUrl } from "./queries";

export type SocketStatus = "connecting" | "open" | "reconnecting";

const PING_MS = 25_000;
const backoff = (attempt: number) => Math.min(500 * 2 ** attempt, 10_000);

export function useSpotlightSocket(companyId: string | null, onState: (state: SpotlightState) => void): SocketStatus {
  const [status, setStatus] = useState<SocketStatus>("connecting");
  const { refresh } = useAuth();
  const onStateRef = useRef(onState);
  onStateRef.current = onState;
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  useEffect(() => {
    if (!companyId) return;
    let ws: WebSocket | null = null;
    let attempt = 0;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;

    const connect = () => {
      clearTimeout(retry);
      if (stopped) return;
      let opened = false;
      const socket = new WebSocket(socketUrl(companyId));
      ws = socket;
      socket.onopen = () => {
        opened = true;
        attempt = 0;
        setStatus("open");
        ping = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send("ping"), PING_MS);
      };
      socket.onmessage = (e) => {
        if (typeof e.data !== "string" || e.data === "pong") return;
        try {
          const message = JSON.parse(e.data) as { type: string; state: SpotlightState };
          if (message.type === "state") onStateRef.current(message.state);
        } catch {
          // not ours
        }
      };
      socket.onclose = () => {
        clearInterval(ping);
        if (stopped || ws !== socket) return;
        setStatus("reconnecting");
        const wait = backoff(attempt++);
        retry = setTimeout(async () => {
          if (!opened) await refreshRef.current().catch(() => false); // the upgrade was refused: renew the session first
          connect();
        }, wait);
      };
    };

    const now = () => {
      if (stopped) return;
      if (!ws || ws.readyState === WebSocket.CLOSED || ws.readyState === WebSocket.CLOSING) {
        attempt = 0;
        connect();
      } else if (ws.readyState === WebSocket.OPEN) {
        ws.send("sync"); // back from sleep: ask for the state in case something was missed
      }
    };
    const onVisible = () => document.visibilityState === "visible" && now();
    setStatus("connecting");
    connect();
    window.addEventListener("online", now);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearInterval(ping);
      window.removeEventListener("online", now);
      document.removeEventListener("visibilitychange", onVisible);
      ws?.close(1000, "leaving");
    };
  }, [companyId]);

  return status;
}
