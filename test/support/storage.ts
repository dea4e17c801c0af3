// An in-memory Web Storage (localStorage, sessionStorage) for unit tests of the web app's modules, which run
// in workerd where neither exists: vi.stubGlobal("sessionStorage", memoryStorage()).
export function memoryStorage(): Storage & { failWrites: boolean } {
  const items = new Map<string, string>();
  return {
    failWrites: false,
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (k: string) => items.get(k) ?? null,
    setItem(k: string, v: string) {
      if (this.failWrites) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      items.set(k, String(v));
    },
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
  };
}
