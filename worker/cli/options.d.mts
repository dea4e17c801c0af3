// Types for options.mjs, for the TypeScript scripts that import it (seed.ts).
import type { ParseArgsConfig } from "node:util";

export function usageError(usage: string, problem: string): never;
export function cliOptions<O extends NonNullable<ParseArgsConfig["options"]>>(usage: string, options: O, args?: string[]): ReturnType<typeof import("node:util").parseArgs<{ options: O }>>["values"];
export function portNumber(usage: string, value: string, name?: string): number;
export function portState(port: number): Promise<string>;
export function portBusyMessage(port: number, state: string, retry: string): string;
