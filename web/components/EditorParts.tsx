// The parts of the description editor that need no Tiptap: the toolbar's buttons, the length footer, and the
// placeholder of the editor's exact frame that a form shows while the editor's chunk (Tiptap, ~127 KB gzip) loads
// (DescriptionField). The form renders at once; the editor takes the placeholder's place without moving anything.
import { useEffect, useState } from "react";
import type { ReactNode } from "react";
import { DESCRIPTION_MIN } from "@rules/posting";
import { htmlToText } from "@rules/text";
import { useI18n } from "../i18n";

export interface ToolbarState {
  h1: boolean;
  h2: boolean;
  bold: boolean;
  italic: boolean;
  bullet: boolean;
  ordered: boolean;
  link: boolean;
}
export type Tool = keyof ToolbarState | "video";

/** `label` starts with, or contains, the visible text, so speech input can name the button by what it shows (WCAG 2.5.3). */
function ToolButton({ label, active, onClick, children }: { label: string; active?: boolean; onClick?: () => void; children: ReactNode }) {
  return (
    <button type="button" className="editor-tool" aria-label={label} title={label} aria-pressed={active} disabled={!onClick} onMouseDown={(e) => e.preventDefault()} onClick={onClick}>
      {children}
    </button>
  );
}

/** The toolbar's buttons; without `onTool` (the placeholder) they are disabled. */
export function EditorToolbarView({ state, onTool }: { state?: ToolbarState; onTool?: (tool: Tool) => void }) {
  const { t } = useI18n();
  const on = (tool: Tool) => (onTool ? () => onTool(tool) : undefined);
  const pressed = (tool: keyof ToolbarState) => (state ? state[tool] : false);
  return (
    <div className="editor-toolbar" role="toolbar" aria-label={t("posting.editor.toolbar")}>
      <ToolButton label={t("posting.editor.h1Label")} active={pressed("h1")} onClick={on("h1")}>
        {t("posting.editor.h1")}
      </ToolButton>
      <ToolButton label={t("posting.editor.h2Label")} active={pressed("h2")} onClick={on("h2")}>
        {t("posting.editor.h2")}
      </ToolButton>
      <span className="editor-sep" aria-hidden="true" />
      <ToolButton label={t("posting.editor.boldLabel")} active={pressed("bold")} onClick={on("bold")}>
        <strong>{t("posting.editor.bold")}</strong>
      </ToolButton>
      <ToolButton label={t("posting.editor.italicLabel")} active={pressed("italic")} onClick={on("italic")}>
        <em>{t("posting.editor.italic")}</em>
      </ToolButton>
      <span className="editor-sep" aria-hidden="true" />
      <ToolButton label={t("posting.editor.bulletLabel")} active={pressed("bullet")} onClick={on("bullet")}>
        {t("posting.editor.bullet")}
      </ToolButton>
      <ToolButton label={t("posting.editor.orderedLabel")} active={pressed("ordered")} onClick={on("ordered")}>
        {t("posting.editor.ordered")}
      </ToolButton>
      <span className="editor-sep" aria-hidden="true" />
      <ToolButton label={t("posting.editor.link")} active={pressed("link")} onClick={on("link")}>
        {t("posting.editor.link")}
      </ToolButton>
      <ToolButton label={t("posting.editor.video")} onClick={on("video")}>
        {t("posting.editor.video")}
      </ToolButton>
    </div>
  );
}

/** Below the editor: the text's length and 'Minimum 100 characters required'. */
export function EditorFooter({ value }: { value: string }) {
  const { t } = useI18n();
  const length = htmlToText(value).length;
  return (
    <div className="editor-footer">
      <span className={length >= DESCRIPTION_MIN ? "editor-count is-enough" : "editor-count"} aria-live="polite">
        {t("posting.editor.count", { count: length })}
      </span>
      <span className="muted">{t("posting.editor.minimum", { min: DESCRIPTION_MIN })}</span>
    </div>
  );
}

interface PlaceholderProps {
  id: string;
  labelId: string;
  value: string;
  invalid?: boolean;
  describedBy?: string;
  /** Focused or clicked: the editor takes the focus when it arrives. */
  onActivate?: () => void;
}

/**
 * The editor's frame while its chunk loads: the same toolbar, text area and footer, read-only. Its text area is
 * in the tab order where the editor will be, so a focus or a click there is handed on to the editor.
 */
export function EditorPlaceholder({ id, labelId, value, invalid, describedBy, onActivate }: PlaceholderProps) {
  return (
    <div className={`editor editor-placeholder${invalid ? " is-invalid" : ""}`} aria-busy="true">
      <EditorToolbarView />
      <div>
        <div
          id={id}
          className="editor-content job-description"
          role="textbox"
          aria-multiline="true"
          aria-readonly="true"
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={Boolean(invalid)}
          dir="auto"
          tabIndex={0}
          onFocus={onActivate}
          onPointerDown={onActivate}
        >
          <p>{htmlToText(value)}</p>
        </div>
      </div>
      <EditorFooter value={value} />
    </div>
  );
}

type Clean = (html: string) => string;
let clean: Clean | null = null;
const loadClean = () => import("./DescriptionEditor").then(({ cleanDescription }) => (clean = cleanDescription));

/**
 * The description reduced to what the editor's schema allows (cleanDescription), for a preview. It needs the
 * editor's chunk: null until that has loaded (at once when the form already loaded it).
 */
export function useCleanDescription(html: string): string | null {
  const [cleaner, setCleaner] = useState<{ clean: Clean } | null>(clean && { clean });
  useEffect(() => {
    if (cleaner) return;
    let live = true;
    void loadClean().then((c) => live && setCleaner({ clean: c }));
    return () => {
      live = false;
    };
  }, [cleaner]);
  return cleaner ? cleaner.clean(html) : null;
}
