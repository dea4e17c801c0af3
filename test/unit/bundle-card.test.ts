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
const grant = (id: string, bundle: string, postsRemaining: number) => ({
  id,
  description: "",
  bundle,
  name: bundle,
  plan: "standard" as const,
  enhancements: [],
  postsRemaining,
  expiresAt: EXPIRES,
  createdAt: EXPIRES,
});

function card(credits: CreditsResponse): string {
  return renderToStaticMarkup(createElement(MemoryRouter, null, createElement(BundleCard, { credits, error: "", onRefresh: () => {} })));
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
});
