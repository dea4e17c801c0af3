// The job description's rich-text editor (Tiptap): headings 1 and 2, bold, italic, lists, links by prompt,
// and video links normalised to embed links (videoEmbedUrl) from the Video button or when pasted.
// Below it, the text length and 'Minimum 100 characters required'. The toolbar's buttons and the footer are in
// EditorParts.tsx, shared with the placeholder that stands in while this module's chunk loads (DescriptionField).
import { EditorContent, Node, generateHTML, generateJSON, useEditor, useEditorState } from "@tiptap/react";
import type { Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useRef, useState } from "react";
import { toWebUrl } from "@rules/apply";
import { MESSAGES, videoEmbedUrl } from "@rules/posting";
import { useI18n } from "../i18n";
import { EditorFooter, EditorToolbarView } from "./EditorParts";
import type { Tool } from "./EditorParts";

/** A YouTube or Vimeo player, stored as <iframe src="embed link"> (the server's sanitiser keeps those). */
const VideoEmbed = Node.create({
  name: "videoEmbed",
  group: "block",
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [
      {
        tag: "iframe[src]",
        getAttrs: (el) => {
          const src = videoEmbedUrl((el as HTMLElement).getAttribute("src") ?? "");
          return src ? { src } : false;
        },
      },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    // i18n-ignore: part of the stored description's HTML (the server's sanitiser keeps it), not of the page
    return ["iframe", { src: HTMLAttributes.src as string, allowfullscreen: "true", title: "Embedded video" }];
  },
});

const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [1, 2] },
    link: { openOnClick: false, autolink: true, defaultProtocol: "https", protocols: ["http", "https"] },
  }),
  VideoEmbed,
];

/**
 * Description HTML reduced to what the editor's schema allows (the same shapes the editor writes), for
 * showing a draft that came back from storage in the preview.
 */
export function cleanDescription(html: string): string {
  if (!html) return "";
  try {
    return generateHTML(generateJSON(html, EXTENSIONS), EXTENSIONS);
  } catch {
    return "";
  }
}

interface Props {
  id: string;
  labelId: string;
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string;
  /** Take the focus once created (the placeholder that stood in had it). */
  autoFocus?: boolean;
}

function Toolbar({ editor, onMessage }: { editor: Editor; onMessage: (m: string) => void }) {
  const { t, localise } = useI18n();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h1: e.isActive("heading", { level: 1 }),
      h2: e.isActive("heading", { level: 2 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      link: e.isActive("link"),
    }),
  });
  const chain = () => editor.chain().focus();

  const promptLink = () => {
    const current = (editor.getAttributes("link").href as string | undefined) ?? "https://";
    const answer = window.prompt(t("posting.editor.linkPrompt"), current);
    if (answer === null) return;
    if (!answer.trim() || answer.trim() === "https://") {
      chain().extendMarkRange("link").unsetLink().run();
      return;
    }
    const href = toWebUrl(answer);
    if (!href) return onMessage(localise(MESSAGES.website));
    onMessage("");
    if (editor.state.selection.empty && !editor.isActive("link")) {
      chain()
        .insertContent({ type: "text", text: answer.trim(), marks: [{ type: "link", attrs: { href } }] })
        .run();
    } else {
      chain().extendMarkRange("link").setLink({ href }).run();
    }
  };

  const promptVideo = () => {
    const answer = window.prompt(t("posting.editor.videoPrompt"));
    if (answer === null || !answer.trim()) return;
    const src = videoEmbedUrl(answer);
    if (!src) return onMessage(t("posting.editor.videoInvalid"));
    onMessage("");
    chain().insertContent({ type: "videoEmbed", attrs: { src } }).run();
  };

  const onTool = (tool: Tool) => {
    switch (tool) {
      case "h1":
        return void chain().toggleHeading({ level: 1 }).run();
      case "h2":
        return void chain().toggleHeading({ level: 2 }).run();
      case "bold":
        return void chain().toggleBold().run();
      case "italic":
        return void chain().toggleItalic().run();
      case "bullet":
        return void chain().toggleBulletList().run();
      case "ordered":
        return void chain().toggleOrderedList().run();
      case "link":
        return promptLink();
      case "video":
        return promptVideo();
    }
  };

  return <EditorToolbarView state={state} onTool={onTool} />;
}

export function DescriptionEditor({ id, labelId, value, onChange, invalid, describedBy, autoFocus = false }: Props) {
  const [message, setMessage] = useState("");
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    onUpdate: ({ editor: e }) => onChangeRef.current(e.isEmpty ? "" : e.getHTML()),
    editorProps: {
      attributes: {
        id,
        class: "editor-content job-description",
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        // An Arabic description reads right to left, an English one left to right, on either board.
        dir: "auto",
      },
      // A pasted YouTube or Vimeo link becomes the embedded player.
      handlePaste: (view, event) => {
        const text = event.clipboardData?.getData("text/plain").trim() ?? "";
        const src = /^\S+$/.test(text) ? videoEmbedUrl(text) : null;
        if (!src) return false;
        const node = view.state.schema.nodes.videoEmbed!.create({ src });
        view.dispatch(view.state.tr.replaceSelectionWith(node));
        return true;
      },
    },
  });

  // The error state changes while the editor stays the same (recreating it would lose the caret).
  useEffect(() => {
    let dom: HTMLElement | undefined;
    try {
      dom = editor?.view.dom;
    } catch {
      return; // not mounted yet
    }
    if (!dom) return;
    if (describedBy) dom.setAttribute("aria-describedby", describedBy);
    else dom.removeAttribute("aria-describedby");
    dom.setAttribute("aria-invalid", String(Boolean(invalid)));
  }, [editor, invalid, describedBy]);

  // The caret goes in (at the end) once the editor is in the page: a click on the placeholder asked for it. Tiptap's own
  // autofocus runs a moment after the editor is created, which can be before React has put it in the page (React holds
  // a Suspense boundary's reveal back for a moment after its fallback showed): the caret was then lost.
  useEffect(() => {
    if (autoFocus && editor && !editor.isDestroyed) editor.commands.focus("end");
  }, [editor, autoFocus]);

  return (
    <div className={`editor${invalid ? " is-invalid" : ""}`}>
      {editor ? <Toolbar editor={editor} onMessage={setMessage} /> : <EditorToolbarView />}
      <EditorContent editor={editor} />
      <EditorFooter value={value} />
      {message && (
        <p className="form-error editor-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
