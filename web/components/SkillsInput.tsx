// Skills: Enter adds the trimmed entry if it is not empty and not already
// there; Backspace in the empty input removes the last skill; suggestions from SUGGESTED_SKILLS.
import { useState } from "react";
import type { KeyboardEvent } from "react";
import { SUGGESTED_SKILLS } from "@rules/formSuggestions";
import { useI18n } from "../i18n";
import { typedDir } from "./fieldDirection";
import { SuggestInput } from "./SuggestInput";

interface Props {
  id: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
}

/** The skills after adding `entry`: trimmed, non-empty, not a duplicate (case-insensitive). */
export function addSkill(tags: readonly string[], entry: string): string[] {
  const skill = entry.trim();
  if (!skill || tags.some((t) => t.toLowerCase() === skill.toLowerCase())) return [...tags];
  return [...tags, skill];
}

const SUGGESTION_CHIPS = 8;

export function SkillsInput({ id, tags, onChange, invalid, describedBy }: Props) {
  const { t } = useI18n();
  const [text, setText] = useState("");
  const available = SUGGESTED_SKILLS.filter((s) => !tags.some((t) => t.toLowerCase() === s.toLowerCase()));

  const add = (entry: string) => {
    onChange(addSkill(tags, entry));
    setText("");
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault(); // never submits the form
      add(text);
    } else if (e.key === "Backspace" && text === "" && tags.length) {
      e.preventDefault();
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <div className="skills">
      {tags.length > 0 && (
        <ul className="skills-list" aria-label={t("posting.skills.added")}>
          {tags.map((tag) => (
            <li key={tag} className="skill-chip" dir="auto">
              {tag}
              <button type="button" className="skill-remove" aria-label={t("posting.skills.remove", { skill: tag })} onClick={() => onChange(tags.filter((t) => t !== tag))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <SuggestInput
        id={id}
        value={text}
        onChange={setText}
        onPick={add}
        suggestions={available}
        minChars={1}
        placeholder={t("posting.skills.placeholder")}
        dir={typedDir(text)}
        onKeyDown={onKeyDown}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        maxLength={50}
      />
      {available.length > 0 && (
        <div className="skill-suggestions">
          <span className="muted small">{t("posting.skills.suggestions")}</span>
          {available.slice(0, SUGGESTION_CHIPS).map((s) => (
            // A technology's own name (React, Go): never translated, written left to right.
            <button key={s} type="button" className="chip chip-small" translate="no" dir="ltr" onClick={() => add(s)}>
              + {s}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
