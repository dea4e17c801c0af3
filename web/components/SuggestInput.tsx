// A text input with a list of suggestions (ARIA combobox): shown once at least `minChars` characters are
// typed; arrow keys move through them, Enter or a click picks one, Escape closes the list.
import { useId, useState } from "react";
import type { InputHTMLAttributes, KeyboardEvent } from "react";
import { foldForSearch } from "@rules/arabic";

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange"> {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onPick: (suggestion: string) => void;
  suggestions: readonly string[];
  minChars: number;
  maxShown?: number;
}

/**
 * What a suggestion is matched by: folded as search folds (hamza forms, ة/ه, vowel marks and shadda: «ابوظبي», «الدوحه»,
 * «عمان»), without spaces and punctuation («أبو ظبي», "Dubai UAE").
 */
const key = (text: string) => foldForSearch(text.toLowerCase()).replace(/[\s,،()]+/gu, "");

export function matchingSuggestions(suggestions: readonly string[], typed: string, max: number): string[] {
  const q = key(typed);
  if (!q) return [];
  return suggestions.filter((s) => key(s).includes(q) && key(s) !== q).slice(0, max);
}

export function SuggestInput({ id, value, onChange, onPick, suggestions, minChars, maxShown = 8, onKeyDown, onBlur, onFocus, className, ...rest }: Props) {
  const listId = useId();
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const matches = value.trim().length >= minChars ? matchingSuggestions(suggestions, value, maxShown) : [];
  const open = focused && !dismissed && matches.length > 0;

  const pick = (s: string) => {
    onPick(s);
    setActive(-1);
    setDismissed(true);
  };

  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (open && e.key === "ArrowDown") {
      e.preventDefault();
      setActive((i) => (i + 1) % matches.length);
      return;
    }
    if (open && e.key === "ArrowUp") {
      e.preventDefault();
      setActive((i) => (i <= 0 ? matches.length - 1 : i - 1));
      return;
    }
    if (open && e.key === "Enter" && active >= 0 && matches[active]) {
      e.preventDefault();
      pick(matches[active]);
      return;
    }
    if (open && e.key === "Escape") {
      e.preventDefault();
      setDismissed(true);
      return;
    }
    onKeyDown?.(e);
  };

  return (
    <div className="suggest">
      <input
        {...rest}
        id={id}
        className={className ?? "form-input"}
        value={value}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        onChange={(e) => {
          onChange(e.target.value);
          setDismissed(false);
          setActive(-1);
        }}
        onKeyDown={keyDown}
        onFocus={(e) => {
          setFocused(true);
          onFocus?.(e);
        }}
        onBlur={(e) => {
          setFocused(false);
          setActive(-1);
          onBlur?.(e);
        }}
      />
      <ul className="suggest-list" id={listId} role="listbox" hidden={!open}>
        {open &&
          matches.map((s, i) => (
            <li
              key={s}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? "is-active" : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(s)}
            >
              {s}
            </li>
          ))}
      </ul>
    </div>
  );
}
