// The dashboard's post balance (web/components/dashboard/BundleCard.tsx): it said one count several ways. With a
// Standard 5-pack only, «5 إعلانات متبقية», «المتبقي: 5 من 5», «إعلانات الباقة المتبقية 5» and «الإعلانات الفردية
// المتبقية 0» (the 25th reading). The bundle and individual posts are told apart only when there are both.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { BundleCard } from "../../web/components/dashboard/BundleCard";
import { loadCatalogue, loadScreenMessages } from "../../web/i18n";
import type { CreditsResponse } from "../../web/useCredits";

beforeAll(async () => {
  await loadCatalogue();
  await loadScreenMessages();
});

const EXPIRES = "2027-02-28T00:00:00.000Z";
const grant = (id: string, bundle: string, postsRemaining: number, expiresAt = EXPIRES) => ({
  id,
  description: "",
  bundle,
  name: bundle,
  plan: "standard" as const,
  enhancements: [],
  postsRemaining,
  expiresAt,
  createdAt: EXPIRES,
});

function card(credits: CreditsResponse): string {
  // Dates keep their words together with no-break spaces: read as plain spaces here.
  return renderToStaticMarkup(createElement(MemoryRouter, null, createElement(BundleCard, { credits, error: "", onRefresh: () => {} }))).replaceAll("\u00a0", " ");
}

/** The balance of some grants, oldest bought first, summed as creditBalance sums them ('individual' is not a bundle). */
function balance(grants: { id: string; bundle: string; jobCount?: number; posts: number; expiresAt?: string }[]): CreditsResponse {
  const packs = grants
    .filter((g) => g.bundle !== "individual")
    .map((g) => ({ id: g.id, bundle: g.bundle, name: g.bundle, jobCount: g.jobCount ?? g.posts, postsRemaining: g.posts, expiresAt: g.expiresAt ?? EXPIRES }));
  const bundlePostsRemaining = packs.reduce((n, g) => n + g.postsRemaining, 0);
  const individualPostsRemaining = grants.filter((g) => g.bundle === "individual").reduce((n, g) => n + g.posts, 0);
  return {
    bundlePostsRemaining,
    individualPostsRemaining,
    totalPostsRemaining: bundlePostsRemaining + individualPostsRemaining,
    activeBundle: packs.at(-1) ?? null,
    bundles: packs,
    grants: grants.map((g) => grant(g.id, g.bundle, g.posts, g.expiresAt)),
  } as CreditsResponse;
}

describe("the post balance", () => {
  it("with bundle posts only, says the count without a split of 5 and 0", () => {
    const html = card(balance([{ id: "g1", bundle: "standard", posts: 5 }]));
    expect(html).toContain('class="bundle-total"><strong>5</strong>');
    expect(html).not.toContain("bundle-counts");
  });

  it("with individual posts only, the same", () => {
    const html = card(balance([{ id: "g2", bundle: "individual", posts: 2 }]));
    expect(html).not.toContain("bundle-counts");
  });

  it("with both, tells them apart", () => {
    const html = card(
      balance([
        { id: "g1", bundle: "standard", jobCount: 5, posts: 3 },
        { id: "g2", bundle: "individual", posts: 2 },
      ]),
    );
    expect(html).toContain('data-testid="bundle-remaining">3<');
    expect(html).toContain('data-testid="individual-remaining">2<');
  });

  // A 5-pack and a custom purchase (or any two grants) said a total and no date at all, though each grant lapses
  // three months after its own purchase; two packs of the same bundle showed the newest one's usage as if it were all.
  it("with several grants, says which posts expire first and when, and no one pack's usage for them all", () => {
    const html = card(
      balance([
        { id: "g1", bundle: "standard", posts: 5 },
        { id: "g3", bundle: "custom", posts: 3, expiresAt: "2027-06-01T00:00:00.000Z" },
      ]),
    );
    expect(html).toContain("Next to expire: 5 posts on Feb 28, 2027");
    expect(html).not.toContain("usage-bar");
    expect(html).toContain("<li>8 Standard posts</li>");
  });

  it("two packs of the same bundle are not one pack: no usage of the newest alone", () => {
    const html = card(
      balance([
        { id: "g1", bundle: "standard", jobCount: 5, posts: 2 },
        { id: "g4", bundle: "standard", posts: 5, expiresAt: "2027-09-01T00:00:00.000Z" },
      ]),
    );
    expect(html).not.toContain("5 of 5 remaining");
    expect(html).toContain("Next to expire: 2 posts on Feb 28, 2027");
  });

  it("one grant keeps its name, usage and date", () => {
    const html = card(balance([{ id: "g1", bundle: "standard", jobCount: 5, posts: 3 }]));
    expect(html).toContain("Bundle: 3 of 5 remaining");
    expect(html).toContain("Expires Feb 28, 2027");
    expect(html).not.toContain("data-next-expiry");
  });
});
