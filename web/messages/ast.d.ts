// A catalogue imported with "?ast" is its messages precompiled to ICU AST (vite.messages.ts, precompiledMessages).
declare module "*.json?ast" {
  const messages: Record<string, import("react-intl").MessageFormatElement[]>;
  export default messages;
}
// Some of a catalogue's messages: the listing's, or the other screens' (LATER_PUBLIC, LISTING_VALUES in vite.messages.ts).
declare module "*.json?ast&part=listing" {
  const messages: Record<string, import("react-intl").MessageFormatElement[]>;
  export default messages;
}
declare module "*.json?ast&part=screens" {
  const messages: Record<string, import("react-intl").MessageFormatElement[]>;
  export default messages;
}
