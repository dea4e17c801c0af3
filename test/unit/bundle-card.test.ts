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

describe("the post balance", () => {
  it("with bundle posts only, says the count without a split of 5 and 0", () => {
    const pack = { id: "g1", bundle: "standard", name: "Standard Bundle", jobCount: 5, postsRemaining: 5, expiresAt: EXPIRES };
    const html = card({ bundlePostsRemaining: 5, individualPostsRemaining: 0, totalPostsRemaining: 5, activeBundle: pack, bundles: [pack], grants: [grant("g1", "standard", 5)] } as CreditsResponse);
    expect(html).toContain('class="bundle-total"><strong>5</strong>');
    expect(html).not.toContain("bundle-counts");
  });

  it("with individual posts only, the same", () => {
    const html = card({ bundlePostsRemaining: 0, individualPostsRemaining: 2, totalPostsRemaining: 2, activeBundle: null, bundles: [], grants: [grant("g2", "individual", 2)] } as CreditsResponse);
    expect(html).not.toContain("bundle-counts");
  });

  it("with both, tells them apart", () => {
    const pack = { id: "g1", bundle: "standard", name: "Standard Bundle", jobCount: 5, postsRemaining: 3, expiresAt: EXPIRES };
    const html = card({
      bundlePostsRemaining: 3,
      individualPostsRemaining: 2,
      totalPostsRemaining: 5,
      activeBundle: pack,
      bundles: [pack],
      grants: [grant("g1", "standard", 3), grant("g2", "individual", 2)],
    } as CreditsResponse);
    expect(html).toContain('data-testid="bundle-remaining">3<');
    expect(html).toContain('data-testid="individual-remaining">2<');
  });

  // A 5-pack and a custom purchase (or any two grants) said a total and no date at all, though each grant lapses
  // three months after its own purchase; two packs of the same bundle showed the newest one's usage as if it were all.
  it("with several grants, says which posts expire first and when, and no one pack's usage for them all", () => {
    const pack = { id: "g1", bundle: "standard", name: "Standard Bundle", jobCount: 5, postsRemaining: 5, expiresAt: EXPIRES };
    const custom = { id: "g3", bundle: "custom", name: "Custom", jobCount: 3, postsRemaining: 3, expiresAt: "2027-06-01T00:00:00.000Z" };
    const html = card({
      bundlePostsRemaining: 8,
      individualPostsRemaining: 0,
      totalPostsRemaining: 8,
      activeBundle: custom,
      bundles: [pack, custom],
      grants: [grant("g1", "standard", 5), grant("g3", "custom", 3, custom.expiresAt)],
    } as CreditsResponse);
    expect(html).toContain("Next to expire: 5 posts on Feb 28, 2027");
    expect(html).not.toContain("usage-bar");
    expect(html).toContain("<li>8 Standard posts</li>");
  });

  it("two packs of the same bundle are not one pack: no usage of the newest alone", () => {
    const older = { id: "g1", bundle: "standard", name: "Standard Bundle", jobCount: 5, postsRemaining: 2, expiresAt: EXPIRES };
    const newer = { id: "g4", bundle: "standard", name: "Standard Bundle", jobCount: 5, postsRemaining: 5, expiresAt: "2027-09-01T00:00:00.000Z" };
    const html = card({
      bundlePostsRemaining: 7,
      individualPostsRemaining: 0,
      totalPostsRemaining: 7,
      activeBundle: newer,
      bundles: [older, newer],
      grants: [grant("g1", "standard", 2), grant("g4", "standard", 5, newer.expiresAt)],
    } as CreditsResponse);
    expect(html).not.toContain("5 of 5 remaining");
    expect(html).toContain("Next to expire: 2 posts on Feb 28, 2027");
  });

  it("one grant keeps its name, usage and date", () => {
    const pack = { id: "g1", bundle: "standard", name: "Standard Bundle", jobCount: 5, postsRemaining: 3, expiresAt: EXPIRES };
    const html = card({ bundlePostsRemaining: 3, individualPostsRemaining: 0, totalPostsRemaining: 3, activeBundle: pack, bundles: [pack], grants: [grant("g1", "standard", 3)] } as CreditsResponse);
    expect(html).toContain("Bundle: 3 of 5 remaining");
    expect(html).toContain("Expires Feb 28, 2027");
    expect(html).not.toContain("data-next-expiry");
  });
});
