// A catalogue imported with "?ast" is its messages precompiled to ICU AST (vite.messages.ts, precompiledMessages).
declare module "*.json?ast" {
  const messages: Record<string, import("react-intl").MessageFormatElement[]>;
  export default messages;
}
// Some of a catalogue's messages: those whose key starts with "value." (the lists' values), or all the others.
declare module "*.json?ast&only=value" {
  const messages: Record<string, import("react-intl").MessageFormatElement[]>;
  export default messages;
}
declare module "*.json?ast&except=value" {
  const messages: Record<string, import("react-intl").MessageFormatElement[]>;
  export default messages;
}
