// The website in a real browser: Debian's chromium driven by playwright-core, checked with
// axe-core. Run by .ci/browser.sh against the release binary, which it builds with
// CONSULTANCY_BASE_URL set to BASE_URL so every absolute link on the pages points back here.
//
// Environment: BASE_URL (required, e.g. http://127.0.0.1:18432), CHROMIUM (default
// /usr/bin/chromium), SCREENSHOT_DIR (default tests/browser/screenshots, not committed).

import { after, afterEach, before, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { chromium } from "playwright-core";

const BASE = process.env.BASE_URL;
assert.ok(BASE, "set BASE_URL to the running server, e.g. http://127.0.0.1:18432");
const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";
const HERE = path.dirname(fileURLToPath(import.meta.url));
const SCREENSHOTS = process.env.SCREENSHOT_DIR || path.join(HERE, "screenshots");
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// One page of each type, with the status it must answer.
const PAGE_TYPES = [
  ["home", "/", 200],
  ["services", "/services/", 200],
  ["service", "/services/mlops/", 200],
  ["industry", "/industries/healthcare/", 200],
  ["case-study", "/case-studies/insurer-claims-triage/", 200],
  ["guides", "/guides/", 200],
  ["guide", "/guides/warehouse-lake-or-lakehouse/", 200],
  ["docs", "/docs/api/", 200],
  ["errors", "/docs/errors/", 200],
  ["assessment", "/ai-readiness/", 200],
  ["search", "/search/?q=data+quality", 200],
  ["not-found", "/no-such-page/", 404],
];

const profiles = [];
const contexts = [];

// Each context is its own chromium with a fresh profile directory (--user-data-dir), so no
// state carries over between tests or runs. Playwright refuses --user-data-dir in `args`;
// launchPersistentContext is how it takes one.
// `defaultFontSize` sets the profile's default font size in px (chromium's "Font size"
// setting, which is how a reader asks for larger text; 16 is the browser's own).
async function newContext({ defaultFontSize, ...options } = {}) {
  const profile = mkdtempSync(path.join(tmpdir(), "consultancy-chromium-"));
  profiles.push(profile);
  if (defaultFontSize) {
    mkdirSync(path.join(profile, "Default"));
    const prefs = { webkit: { webprefs: { default_font_size: defaultFontSize } } };
    writeFileSync(path.join(profile, "Default", "Preferences"), JSON.stringify(prefs));
  }
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1280, height: 900 },
    ...options,
  });
  contexts.push(context);
  // Every Content-Security-Policy violation on any page of the context, reported by the page's
  // `securitypolicyviolation` event (added before the page's own scripts run; the binding and
  // the init script go through the DevTools protocol, which the policy does not govern).
  await context.exposeBinding("__cspViolation", ({ page }, report) => cspViolations.push(`${report} (${page.url()})`));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      window.__cspViolation(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile || event.documentURI}:${event.lineNumber}`);
    }, true);
  });
  return context;
}

// CSP violations seen since the last test ended: any fails that test (see afterEach). Filled
// by the pages' violation events and by chromium's console report of a violation, which also
// covers pages without JavaScript (a form posting where `form-action` forbids, for instance).
const cspViolations = [];
const CSP_CONSOLE = /Content Security Policy/i;

afterEach(() => {
  const seen = cspViolations.splice(0);
  assert.deepEqual(seen, [], "Content-Security-Policy violations");
});

// A page that records console errors and uncaught exceptions.
async function openPage(context) {
  const page = context.pages()[0] || (await context.newPage());
  page.problems = [];
  page.on("console", (message) => {
    if (message.type() === "error") page.problems.push(`console: ${message.text()} (${message.location().url})`);
    if (CSP_CONSOLE.test(message.text())) cspViolations.push(`console: ${message.text()} (${page.url()})`);
  });
  page.on("pageerror", (error) => page.problems.push(`exception: ${error.message}`));
  return page;
}

// Best-practice rules checked as well as WCAG 2.1 AA: each was a reported defect.
const BEST_PRACTICE_RULES = ["landmark-unique"];

async function axeViolations(page) {
  // Evaluated through the DevTools protocol: a <script> tag added to the page would be (rightly)
  // refused by the page's Content-Security-Policy.
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(`${AXE}\n;void 0`);
  const result = await page.evaluate(async ([tags, rules]) => {
    const wcag = await window.axe.run(document, { runOnly: { type: "tag", values: tags } });
    const extra = await window.axe.run(document, { runOnly: { type: "rule", values: rules } });
    return { violations: wcag.violations.concat(extra.violations) };
  }, [WCAG_21_AA, BEST_PRACTICE_RULES]);
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
}

async function screenshot(page, name, options = {}) {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true, ...options });
}

before(() => {
  rmSync(SCREENSHOTS, { recursive: true, force: true });
  mkdirSync(SCREENSHOTS, { recursive: true });
});

after(async () => {
  for (const context of contexts) await context.close();
  for (const profile of profiles) rmSync(profile, { recursive: true, force: true });
});

// The dark scheme (prefers-color-scheme: dark) is its own set of colours, so axe checks every
// page type in it too, at desktop and phone widths; the page must really be dark (the
// emulation took), and no page scrolls sideways at 375 px in either scheme. Screenshots of
// both schemes at both widths are for walking the site by eye.
test("every page type in both schemes at 1280 and 375 px: axe, no sideways scroll", async () => {
  for (const scheme of ["dark", "light"]) {
    const context = await newContext({ colorScheme: scheme });
    const page = await openPage(context);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      for (const [name, pagePath, status] of PAGE_TYPES) {
        page.problems = [];
        const response = await page.goto(BASE + pagePath, { waitUntil: "load" });
        assert.equal(response.status(), status, `${pagePath} status`);
        const where = `${pagePath} (${scheme}, ${width} px)`;
        const dark = await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches);
        assert.equal(dark, scheme === "dark", `${where}: the scheme is emulated`);
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        assert.equal(background, scheme === "dark" ? "rgb(20, 24, 31)" : "rgb(251, 251, 248)", `${where}: body background`);
        if (scheme === "dark") assert.deepEqual(await axeViolations(page), [], `${where}: axe WCAG 2.1 AA violations`);
        if (width === 375) {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          assert.equal(overflow, 0, `${where}: the page does not scroll sideways`);
        }
        await screenshot(page, `${name}-${scheme}-${width}`, { fullPage: false });
      }
    }
  }
});

// Text at 200 %: a reader who sets the browser's font size to twice the usual (32 px) gets
// every page's text twice the size, and no page type scrolls sideways at 1280 or 375 px with
// it. The body's 16 px ignored the setting (only the headings, set in rem, grew), and with
// the setting honoured the header's search box (15rem), the category select (as wide as its
// longest category), a question's fieldset (as wide as its longest word) and an email
// address pushed the page past a phone's screen. At the usual size, nothing scrolls sideways
// at 320 px either, the width WCAG 1.4.10 asks a page to reflow to (1280 px at 400 %): an
// error code on /docs/errors/ pushed that page 15 px past it.
test("text at 200 % grows with the reader's setting and reflows; 320 px reflows too", async () => {
  const pages = [...PAGE_TYPES, ["result", "/ai-readiness/result/?a=1234123412341234", 200]];
  const large = await openPage(await newContext({ defaultFontSize: 32 }));
  const usual = await openPage(await newContext());
  for (const [page, width, size] of [[large, 1280, 32], [large, 375, 32], [usual, 320, 16]]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, pagePath, status] of pages) {
      const response = await page.goto(BASE + pagePath, { waitUntil: "load" });
      assert.equal(response.status(), status, `${pagePath} status`);
      const where = `${pagePath} (text ${size} px, ${width} px)`;
      const text = await page.evaluate(() => {
        const paragraph = [...document.querySelectorAll("main p, main li, main dd")].find((e) => !e.className && !e.closest("nav"));
        return { body: getComputedStyle(document.body).fontSize, paragraph: paragraph && getComputedStyle(paragraph).fontSize };
      });
      assert.deepEqual(text, { body: `${size}px`, paragraph: `${size}px` }, `${where}: body text follows the setting`);
      const wide = await page.evaluate(() => {
        const width = document.documentElement.clientWidth;
        const past = [...document.querySelectorAll("body *")].filter((e) => e.getBoundingClientRect().right > width + 1 && !e.closest(".table-wrap, pre, .skip, .vh"));
        return { overflow: document.documentElement.scrollWidth - width, past: past.slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${e.textContent.trim().slice(0, 40)}`) };
      });
      assert.deepEqual(wide, { overflow: 0, past: [] }, `${where}: the page does not scroll sideways`);
      if (size === 32) await screenshot(page, `${name}-text200-${width}`, { fullPage: false });
    }
  }
});

// Words in headings break only where a word may: at a space, after a hyphen or slash, or at a
// soft hyphen the build put there. At 375 px with text at 200 % the headings of every page type
// were cut wherever they met the screen's edge ("Engineerin" / "g" on a service, "recommendatio"
// / "ns" on a guide), by the body's `overflow-wrap`, which keeps a too-long word on the page.
// Every page llms.txt lists is read (a long word is a page's own), and the 404, a search and a
// result page.
test("at 375 px with text at 200 % no heading cuts a word", async () => {
  const llms = await (await fetch(BASE + "/llms.txt")).text();
  const listed = [...llms.matchAll(/\]\((http[^)]+\/)index\.md\)/g)].map((m) => new URL(m[1]).pathname);
  assert.ok(listed.length > 100, `llms.txt lists the pages (${listed.length})`);
  const paths = [...new Set([...PAGE_TYPES.map(([, pagePath]) => pagePath), ...listed, "/ai-readiness/result/?a=1234123412341234"])];
  const page = await openPage(await newContext({ defaultFontSize: 32, viewport: { width: 375, height: 812 } }));
  const cut = [];
  for (const pagePath of paths) {
    await page.goto(BASE + pagePath, { waitUntil: "load" });
    const words = await page.evaluate(() => {
      const found = [];
      for (const heading of document.querySelectorAll("h1, h2, h3, legend, dt")) {
        const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent;
          // A line ends inside a word where the next letter starts lower than the one before (a
          // soft hyphen's own box is on the next line when the line breaks at it).
          for (let i = 1; i < text.length; i++) {
            if (/[\s\u00ad]/.test(text[i]) || /[\s\-\/\u00ad\u2013\u2014]/.test(text[i - 1])) continue;
            const box = (at) => {
              const range = document.createRange();
              range.setStart(node, at);
              range.setEnd(node, at + 1);
              // A letter at the start of a line may also report an empty box at the end of the
              // line before.
              const boxes = [...range.getClientRects()].filter((rect) => rect.width > 0);
              return boxes[boxes.length - 1] || range.getBoundingClientRect();
            };
            const before = box(i - 1);
            if (box(i).top > before.top + before.height / 2) found.push(`${heading.tagName.toLowerCase()}: ${text.slice(0, i)}|${text.slice(i)}`);
          }
        }
      }
      return found;
    });
    cut.push(...words.map((word) => `${pagePath} ${word}`));
  }
  assert.deepEqual(cut, [], "headings wrap between words");
  await page.goto(BASE + "/guides/frontline-trust-in-model-recommendations/");
  await page.locator("main h1").scrollIntoViewIfNeeded();
  await screenshot(page, "guide-text200-375-heading", { fullPage: false });
});

// Inline code in body text wraps at a dot or slash, never mid-word: at 375 px with text at 200 %
// `error.data.code` on /docs/errors/ was cut "error.data.cod" / "e" by the body's
// `overflow-wrap`, as no break was allowed inside the span (the build puts a `<wbr>` after
// each dot or slash a letter follows). The home page carries the API's address as code.
test("at 375 px with text at 200 % inline code wraps at its dots, not mid-word", async () => {
  const page = await openPage(await newContext({ defaultFontSize: 32, viewport: { width: 375, height: 812 } }));
  const cut = [];
  for (const pagePath of ["/docs/errors/", "/", "/docs/api/"]) {
    await page.goto(BASE + pagePath, { waitUntil: "load" });
    const found = await page.evaluate(() => {
      const found = [];
      for (const code of document.querySelectorAll("main code:not(pre code)")) {
        // The span's text as one string, with each letter's node and offset, across the
        // text nodes a `<wbr>` splits it into.
        const letters = [];
        const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let at = 0; at < node.textContent.length; at++) letters.push([node, at, node.textContent[at]]);
        }
        const box = ([node, at]) => {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          const boxes = [...range.getClientRects()].filter((rect) => rect.width > 0);
          return boxes[boxes.length - 1] || range.getBoundingClientRect();
        };
        const text = letters.map(([, , letter]) => letter).join("");
        for (let i = 1; i < letters.length; i++) {
          if (/[\s.\/\-_,:]/.test(letters[i - 1][2]) || /\s/.test(letters[i][2])) continue;
          const before = box(letters[i - 1]);
          if (box(letters[i]).top > before.top + before.height / 2) found.push(`${text.slice(0, i)}|${text.slice(i)}`);
        }
      }
      return found;
    });
    cut.push(...found.map((word) => `${pagePath} ${word}`));
  }
  assert.deepEqual(cut, [], "inline code wraps at its dots and slashes");
  await page.goto(BASE + "/docs/errors/");
  await page.locator("main .lede").scrollIntoViewIfNeeded();
  await screenshot(page, "errors-text200-375-code", { fullPage: false });
});

// The header's search box shows its whole placeholder at 375 px with text at 200 % and at
// 1280 px. Chromium keeps room for the search box's clear button while the box is empty and
// the button invisible, and cut "Search the guides" to "Search the guide"; an empty box now
// has no clear button. The placeholder's own box is read through the DevTools protocol (it is
// in the input's user-agent shadow tree) and the words measured in the input's font.
test("the header search box shows its whole placeholder with text at 200 %", async () => {
  for (const [defaultFontSize, width] of [[32, 375], [32, 1280], [undefined, 375], [undefined, 1280]]) {
    const context = await newContext({ defaultFontSize, viewport: { width, height: 812 } });
    const page = await openPage(context);
    for (const pagePath of ["/", "/search/?q=data+quality", "/no-such-page/"]) {
      await page.goto(BASE + pagePath, { waitUntil: "load" });
      const where = `${pagePath} (text ${defaultFontSize || 16} px, ${width} px)`;
      const needed = await page.evaluate(() => {
        const input = document.querySelector("#site-search");
        const style = getComputedStyle(input);
        const context = document.createElement("canvas").getContext("2d");
        context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return context.measureText(input.placeholder).width;
      });
      const cdp = await context.newCDPSession(page);
      const { root } = await cdp.send("DOM.getDocument", { depth: -1, pierce: true });
      const find = (node, inBox) => {
        const attributes = node.attributes || [];
        inBox = inBox || (node.nodeName === "INPUT" && attributes.includes("site-search"));
        if (inBox && attributes.includes("-webkit-input-placeholder")) return node;
        for (const child of [...(node.children || []), ...(node.shadowRoots || [])]) {
          const found = find(child, inBox);
          if (found) return found;
        }
        return null;
      };
      const placeholder = find(root, false);
      assert.ok(placeholder, `${where}: the placeholder's box`);
      const { model } = await cdp.send("DOM.getBoxModel", { nodeId: placeholder.nodeId });
      await cdp.detach();
      assert.ok(needed <= model.width, `${where}: the placeholder needs ${needed.toFixed(1)} px and has ${model.width}`);
    }
    if (defaultFontSize) await screenshot(page, `header-search-text200-${width}`, { fullPage: false, clip: { x: 0, y: 0, width, height: 400 } });
  }
});

test("every page type loads without console errors and has no WCAG 2.1 AA violations", async () => {
  const context = await newContext();
  const page = await openPage(context);
  for (const [name, pagePath, status] of PAGE_TYPES) {
    page.problems = [];
    const response = await page.goto(BASE + pagePath, { waitUntil: "load" });
    assert.equal(response.status(), status, `${pagePath} status`);
    const headers = response.headers();
    assert.match(headers["content-security-policy"] || "", /^default-src 'none'; /, `${pagePath}: a Content-Security-Policy`);
    assert.equal(headers["cross-origin-opener-policy"], "same-origin", `${pagePath}: COOP`);
    // Chromium reports the document's own 404 on the console; that one is the point.
    const problems = page.problems.filter((p) => !(status === 404 && p.includes("404")));
    assert.deepEqual(problems, [], `${pagePath}: console errors`);
    assert.deepEqual(await axeViolations(page), [], `${pagePath}: axe WCAG 2.1 AA violations`);
    assert.equal(await page.locator("main h1").count(), 1, `${pagePath}: one h1 in main`);
    assert.equal(await page.locator("form[role=search] input[role=combobox]").count() >= 1, true, `${pagePath}: an enhanced search box`);
    await screenshot(page, name);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(BASE + "/guides/warehouse-lake-or-lakehouse/");
  await screenshot(page, "guide-narrow");
  // A guide whose table is wider than a phone: the table's own box scrolls, not the page,
  // and the box is focusable and named, so axe's rules hold there too.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(BASE + "/guides/prioritise-ai-use-cases/");
  const widths = await page.evaluate(() => {
    const wrap = document.querySelector("main .table-wrap");
    return {
      page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      box: wrap ? wrap.scrollWidth - wrap.clientWidth : -1,
    };
  });
  assert.equal(widths.page, 0, "the page does not scroll sideways at 375 px");
  assert.ok(widths.box > 0, `the table's box scrolls instead (${widths.box})`);
  assert.deepEqual(await axeViolations(page), [], "a wide table at 375 px: axe");
  await screenshot(page, "guide-table-narrow");
  // Code blocks wider than the page scroll in their own box too, which takes focus.
  await page.goto(BASE + "/docs/agents/");
  const code = await page.evaluate(() => {
    const pre = [...document.querySelectorAll("main pre")].find((p) => p.scrollWidth > p.clientWidth);
    return pre ? { tabIndex: pre.tabIndex, label: pre.getAttribute("aria-label") } : null;
  });
  assert.ok(code, "a code block on /docs/agents/ is wider than a phone");
  assert.equal(code.tabIndex, 0, "a scrolling code block takes focus");
  assert.deepEqual(await axeViolations(page), [], "wide code blocks at 375 px: axe");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ media: "print" });
  await page.goto(BASE + "/guides/warehouse-lake-or-lakehouse/");
  assert.equal(await page.locator("header").isVisible(), false, "print hides the header");
  // Without the header and the footer a printed page said neither whose it was nor where it
  // lives: its last line says both (and the email), in print only.
  const printed = page.locator("body > p.printed");
  assert.equal(await printed.isVisible(), true, "print names the page's source");
  const source = await printed.textContent();
  assert.ok(source.includes("/guides/warehouse-lake-or-lakehouse/") && source.includes("@"), `the printed source line: ${source}`);
  await screenshot(page, "guide-print");
  await page.emulateMedia({ media: "screen" });
  assert.equal(await printed.isVisible(), false, "the source line is for print only");
});

test("typing in the search box shows results, keys move through them and paging follows nextCursor", async () => {
  const context = await newContext();
  const page = await openPage(context);
  await page.goto(BASE + "/guides/");
  const box = page.locator("#guide-search");
  const options = page.locator("#guide-search-results [role=option]");
  await box.click();
  await page.keyboard.type("data quality", { delay: 40 });
  await page.locator("#guide-search-results").waitFor({ state: "visible" });
  await assert.doesNotReject(() => options.nth(8).waitFor());
  assert.equal(await box.getAttribute("aria-expanded"), "true");
  assert.equal(await options.count(), 9, "8 results and More results");
  assert.equal(await options.nth(8).textContent(), "More results");
  assert.match(await page.locator("#guide-search-results .t").first().textContent(), /quality/i);
  assert.deepEqual(await axeViolations(page), [], "axe with the listbox open");
  await screenshot(page, "guides-search-open", { fullPage: false });

  await page.keyboard.press("ArrowDown");
  assert.equal(await box.getAttribute("aria-activedescendant"), await options.nth(0).getAttribute("id"));
  assert.equal(await options.nth(0).getAttribute("aria-selected"), "true");
  await page.keyboard.press("ArrowUp"); // wraps to the last option, More results
  assert.equal(await box.getAttribute("aria-activedescendant"), await options.nth(8).getAttribute("id"));
  await page.keyboard.press("Enter");
  await options.nth(16).waitFor();
  const titles = await page.locator("#guide-search-results .t").allTextContents();
  assert.equal(titles.length, 16, "the second page is appended");
  assert.equal(new Set(titles).size, 16, "no result repeats across pages");
  assert.equal(await box.getAttribute("aria-activedescendant"), await options.nth(8).getAttribute("id"), "the first new result is active");
  const href = await options.nth(8).getAttribute("data-href");
  await Promise.all([page.waitForURL(href), page.keyboard.press("Enter")]);
  assert.equal(page.url(), href, "Enter opens the active result");

  await page.goBack();
  await page.locator("#guide-search").fill("");
  // "Another category" only when one is chosen: with "All categories" every one was searched
  // (the results page said it regardless, as the list did whenever the form had the filter).
  await page.locator("#guide-search").click();
  await page.keyboard.type("zzzzqqq", { delay: 20 });
  const nothing = page.locator("#guide-search-results [aria-disabled=true]");
  await nothing.waitFor();
  assert.doesNotMatch(await nothing.textContent(), /another category/, "all categories searched");
  await page.selectOption("#guide-search-category", "Generative AI");
  await page.waitForFunction(() => /^No guides match \u201czzzzqqq\u201d\. Try fewer or different words, another category/
    .test(document.querySelector("#guide-search-results [aria-disabled=true]")?.textContent || ""));
  await page.locator("#guide-search").fill("");
  await page.locator("#guide-search").click();
  await page.keyboard.type("evaluation", { delay: 40 });
  await page.waitForFunction(() => {
    const categories = [...document.querySelectorAll("#guide-search-results .c")].map((n) => n.textContent);
    return categories.length > 0 && categories.every((c) => c === "Generative AI");
  });
  // One more letter starts a search; Escape before its answer closes the list, and the
  // answer, when it comes, must not reopen it.
  await page.keyboard.type("s");
  await page.keyboard.press("Escape");
  assert.equal(await page.locator("#guide-search").getAttribute("aria-expanded"), "false", "Escape closes");
  await page.waitForTimeout(800);
  assert.equal(await page.locator("#guide-search").getAttribute("aria-expanded"), "false",
    "a search on its way when Escape was pressed does not reopen the list");
  await page.keyboard.press("Escape");
  assert.equal(await page.locator("#guide-search").inputValue(), "", "a second Escape clears");

  await page.goto(BASE + "/services/mlops/");
  await page.locator("#site-search").click();
  await page.keyboard.type("drift", { delay: 40 });
  await page.locator("#site-search-results [role=option]").first().waitFor();
  await screenshot(page, "header-search-open", { fullPage: false });
  await page.locator("#site-search").fill("zzzzqqq");
  await page.locator("#site-search-results [aria-disabled=true]").waitFor();
  assert.equal(await page.locator("#site-search-results [aria-disabled=true]").textContent(),
    "No guides match \u201czzzzqqq\u201d. Try fewer or different words, or browse the guide library.");
  assert.deepEqual(page.problems, [], "no console errors while searching");
});

// The "Did you mean" links of the results page (/search/), as the header's box shows them.
async function didYouMean(q) {
  const html = await (await fetch(BASE + "/search/?q=" + encodeURIComponent(q))).text();
  const line = html.match(/<p id="did-you-mean">(.*)<\/p>/);
  return line ? [...line[1].matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]) : [];
}

// The header's box once dropped the API's `suggestions`, which the results page shows as "Did
// you mean", and when nothing matched said only "No guides match." where the page says what
// to try and links the guide library. Pressing Enter reached the page's help; typing did not.
test("the header box gives the results page's help: did you mean, and what to try", async () => {
  const context = await newContext();
  const page = await openPage(context);
  await page.goto(BASE + "/services/mlops/");
  const box = page.locator("#site-search");
  const offered = page.locator("#site-search-results [data-query]");
  await box.click();
  // `bais` finds nothing and is offered "bias", "bars" and "basis", none of them clearly the
  // one meant (`modl` is read as "model" outright: the library leaves no doubt; a word of
  // three letters such as "cow" is offered only a swap or an added letter, and so nothing).
  await page.keyboard.type("bais", { delay: 40 });
  await offered.first().waitFor();
  const bais = await didYouMean("bais");
  assert.ok(bais.length > 0, "the results page offers corrections of bais");
  assert.deepEqual(await offered.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-query"))), bais);
  assert.deepEqual(await offered.allTextContents(), bais.map((s) => `Did you mean ${s}?`));
  assert.equal(await page.locator("#site-search-results [aria-disabled=true]").textContent(),
    "No guides match \u201cbais\u201d. Try fewer or different words, or browse the guide library.");
  const browse = page.locator("#site-search-results [data-href]").last();
  assert.equal(await browse.textContent(), "Browse the guide library");
  assert.equal(await browse.getAttribute("data-href"), BASE + "/guides/");
  assert.match(await page.locator("form.compact .status").textContent(), new RegExp(`Did you mean ${bais.join(" or ")}\\?$`));
  assert.deepEqual(await axeViolations(page), [], "axe with the help shown");
  await screenshot(page, "header-search-did-you-mean", { fullPage: false });
  // Choosing a correction searches for it in the box.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await page.waitForFunction((q) => document.querySelector("#site-search").value === q &&
    document.querySelectorAll("#site-search-results .t").length > 0, bais[0]);

  // Some guides match, but a word matched nothing: the correction comes first, then the guides.
  await box.fill("bais audit");
  await offered.first().waitFor();
  const gdrp = await didYouMean("bais audit");
  assert.ok(gdrp.length > 0, "the results page offers a correction of bais");
  assert.deepEqual(await offered.evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-query"))), gdrp);
  const first = page.locator("#site-search-results [role=option]").first();
  assert.equal(await first.getAttribute("data-query"), gdrp[0], "the correction leads");
  assert.ok((await page.locator("#site-search-results .t").count()) > 0, "the guides that matched follow");

  // Misspelt words that found guides through typo tolerance: what they were read as (the
  // API's `correctedQuery`) heads the list, as it heads the results page.
  await box.fill("goverance framwork");
  await page.waitForFunction(() => /^Showing results for/
    .test(document.querySelector("#site-search-results [aria-disabled=true]")?.textContent || ""));
  assert.equal(await page.locator("#site-search-results [aria-disabled=true]").textContent(),
    "Showing results for \u201cgovernance framework\u201d.");
  assert.match(await page.locator("form.compact .status").textContent(), /Showing results for \u201cgovernance framework\u201d\.$/);
  const html = await (await fetch(BASE + "/search/?q=" + encodeURIComponent("goverance framwork"))).text();
  assert.match(html, /<p id="corrected">Showing results for \u201cgovernance framework\u201d\. Search instead for <a id="as-typed" href="[^"]*\/search\/\?q=%22goverance%20framwork%22">goverance framwork<\/a>\.<\/p>/);
  // The search box offers the same: the query in quotes, which the search takes as typed.
  const instead = page.locator("#site-search-results .suggestion").filter({ hasText: "Search instead for" });
  assert.equal(await instead.getAttribute("data-query"), "\"goverance framwork\"");
  assert.deepEqual(page.problems, [], "no console errors while searching");
});

test("snippets are rendered as text with only the marks as markup", async () => {
  const context = await newContext();
  const page = await openPage(context);
  // The API may add `snippet` to each result; stand in for it to check the rendering.
  await page.route("**/v1/resources?*", (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({
        query: "drift",
        count: 2,
        nextCursor: null,
        results: [
          { title: "One", slug: "one", url: BASE + "/guides/one/", category: "Generative AI", description: "d1", snippet: "watch for <mark>drift</mark> & <img src=x onerror=alert(1)> <b>bold</b>" },
          { title: "Two", slug: "two", url: BASE + "/guides/two/", category: "Generative AI", description: "the description" },
        ],
      }),
    }),
  );
  await page.goto(BASE + "/guides/");
  await page.locator("#guide-search").click();
  await page.keyboard.type("drift");
  const first = page.locator("#guide-search-results [role=option] .d").first();
  await first.waitFor();
  assert.equal(await first.locator("mark").count(), 1);
  assert.equal(await first.locator("mark").textContent(), "drift");
  assert.equal(await first.locator("img, b").count(), 0, "no other markup");
  assert.equal(await first.textContent(), "watch for drift & <img src=x onerror=alert(1)> <b>bold</b>");
  assert.equal(await page.locator("#guide-search-results [role=option] .d").nth(1).textContent(), "the description");
  assert.deepEqual(page.problems, []);
});

test("without JavaScript the assessment is scored on a page of its own", async () => {
  const off = await openPage(await newContext({ javaScriptEnabled: false }));
  await off.goto(BASE + "/ai-readiness/");
  const notice = off.locator("#needs-script");
  assert.equal(await notice.isVisible(), true, "the notice shows without scripts");
  const [noticeTop, formTop] = await Promise.all([notice, off.locator("#assessment")].map((l) => l.evaluate((e) => e.getBoundingClientRect().top)));
  assert.ok(noticeTop < formTop, "before the first question");
  const questions = await off.locator("#assessment fieldset").count();
  for (let i = 0; i < questions; i++) await off.locator(`input[name=q${i}][value="2"]`).check();
  await Promise.all([off.waitForURL(/\/ai-readiness\/result\/\?/), off.locator("#assessment button[type=submit]").click()]);
  assert.equal(await off.locator("h1").textContent(), "Your result: 50 out of 100");
  assert.ok((await off.locator("main p strong").first().textContent()).includes("50 out of 100"));
  await screenshot(off, "assessment-result-no-script");
  const on = await openPage(await newContext());
  await on.goto(BASE + "/ai-readiness/");
  assert.equal(await on.locator("#needs-script").count(), 0, "no notice with scripts");
  const problems = on.problems;
  await on.goto(BASE + "/ai-readiness/result/?" + Array.from({ length: questions }, (_, i) => `q${i}=2`).join("&"));
  assert.deepEqual(await axeViolations(on), [], "axe on the result page");
  assert.deepEqual(problems, [], "no console errors");
});

test("without JavaScript the search form submits to the server-rendered results page", async () => {
  const context = await newContext({ javaScriptEnabled: false });
  const page = await openPage(context);
  await page.goto(BASE + "/guides/");
  assert.equal(await page.locator("#guide-search").getAttribute("role"), null, "no combobox without the script");
  await page.locator("#guide-search").fill("monitoring");
  await page.selectOption("#guide-search-category", "Machine Learning in Production");
  await Promise.all([page.waitForURL(/\/search\/\?/), page.locator("form[aria-label='Search the guides'] button").last().click()]);
  const url = new URL(page.url());
  assert.equal(url.pathname, "/search/");
  assert.equal(url.searchParams.get("q"), "monitoring");
  assert.equal(url.searchParams.get("category"), "Machine Learning in Production");
  const categories = await page.locator("ol.results .c").allTextContents();
  assert.ok(categories.length > 0, "results are listed");
  assert.ok(categories.every((c) => c === "Machine Learning in Production"), categories.join(", "));
  // Each result shows the passage that matched, its words marked, as the script does.
  const marks = await page.locator("ol.results p.snippet mark").allTextContents();
  assert.ok(marks.length >= categories.length, `marked words: ${marks.join(", ")}`);
  assert.ok(marks.every((m) => /monitor/i.test(m)), marks.join(", "));
  assert.equal(await page.locator("#results-search").inputValue(), "monitoring", "the box keeps the query");
  assert.equal(await page.locator("#results-search-category").inputValue(), "Machine Learning in Production");

  await page.locator("#site-search").fill("data");
  await Promise.all([page.waitForURL(/q=data/), page.locator("#site-search").press("Enter")]);
  assert.match(await page.locator("#summary").textContent(), /Showing 1 to 10\./);
  const firstPage = await page.locator("ol.results li a").allTextContents();
  await Promise.all([page.waitForURL(/cursor=/), page.locator("a[rel=next]").click()]);
  assert.match(await page.locator("#summary").textContent(), /Showing 11 to 20\./);
  const secondPage = await page.locator("ol.results li a").allTextContents();
  assert.equal(secondPage.length, 10);
  assert.ok(secondPage.every((title) => !firstPage.includes(title)), "the next page has new results");
  await screenshot(page, "search-no-js");
});

// Option chosen for each of the 16 questions, and the fragment that records them.
const ANSWERS = [2, 3, 1, 4, 0, 2, 2, 3, 1, 1, 4, 0, 3, 2, 1, 2];
const FRAGMENT = "#a=" + ANSWERS.join("");

test("the assessment can be completed with the keyboard and shows the result and chart", async () => {
  const context = await newContext();
  const page = await openPage(context);
  await page.goto(BASE + "/ai-readiness/");
  const focusedName = () => page.evaluate(() => document.activeElement && document.activeElement.getAttribute("name"));
  for (let presses = 0; (await focusedName()) !== "q0"; presses++) {
    assert.ok(presses < 60, "Tab reaches the first question");
    await page.keyboard.press("Tab");
  }
  for (let question = 0; question < ANSWERS.length; question++) {
    assert.equal(await focusedName(), `q${question}`, `focus is in question ${question + 1}`);
    await page.keyboard.press("Space");
    for (let step = 0; step < ANSWERS[question]; step++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
  }
  assert.equal(await page.evaluate(() => document.activeElement.textContent), "Score my answers");
  await page.keyboard.press("Enter");
  await page.locator("#result").waitFor({ state: "visible" });
  const score = await page.locator("#score").textContent();
  assert.match(score, /^\d{1,3} out of 100$/);
  assert.ok((await page.locator("#band").textContent()).length > 0, "a band");
  assert.equal(await page.locator("#pillars .bar[role=img]").count(), 4, "a bar per pillar");
  assert.ok((await page.locator("#guidance li").count()) > 0, "guidance");
  assert.ok((await page.locator("#advice").textContent()).length > 20, "advice");
  assert.equal(new URL(page.url()).hash, FRAGMENT, "the answers are in the fragment");
  assert.equal(await page.evaluate(() => document.activeElement.id), "result-heading", "focus moves to the result");

  const api = await (await fetch(BASE + "/v1/ai-readiness/score", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ answers: ANSWERS }),
  })).json();
  assert.equal(score, `${api.score} out of 100`, "the page shows the API's score, in the words of the page without scripts");
  // The band is named as a band, in the sentence the page without scripts gives: a bare
  // "Experimenting" under the score did not say what it was.
  const standing = await page.locator("#score").evaluate((node) => node.parentElement.textContent);
  assert.equal(standing, `${api.score} out of 100, in the ${api.band.name} band.`);
  const weakest = api.pillars[api.weakestPillar];
  assert.equal(await page.locator("#advice").textContent(), `${weakest.title}: ${weakest.advice}`);
  const others = Object.entries(api.pillars).filter(([key, p]) => key !== api.weakestPillar && p.advice);
  assert.deepEqual(await page.locator("#more-advice li").allTextContents(), others.map(([, p]) => `${p.title}: ${p.advice}`), "every advice the API gives");
  // The API's next step ends with the facilitated assessment's bare address; the page says it as
  // the server's result page does, the service's name the link.
  const nextLink = await page.locator("#next-step a").getAttribute("href");
  assert.ok(nextLink && api.nextStep.endsWith(" see " + nextLink), `the API's address is the link: ${nextLink}`);
  assert.equal(await page.locator("#next-step a").textContent(), "AI Readiness Assessment", "words, not the address");
  const served = await (await fetch(BASE + "/ai-readiness/result/?" + ANSWERS.map((a, i) => `q${i}=${a}`).join("&"))).text();
  assert.ok(served.replace(/<[^>]*>/g, "").includes(standing), "the score and band in the result page's sentence");
  const servedStep = served.match(/<h2>Next step<\/h2>\n<p>(.*)<\/p>/)[1].replace(/<[^>]*>/g, "").replace(/&#39;/g, "'").replace(/&amp;/g, "&");
  assert.equal(await page.locator("#next-step").textContent(), servedStep, "the result page's words");
  assert.equal(servedStep, api.nextStep.slice(0, -nextLink.length) + "our AI Readiness Assessment service.");
  assert.deepEqual(await axeViolations(page), [], "axe with the result shown");
  assert.deepEqual(page.problems, []);
  await screenshot(page, "assessment-result");
});

test("scoring with a question unanswered focuses that question and marks it invalid", async () => {
  const context = await newContext();
  const page = await openPage(context);
  await page.goto(BASE + "/ai-readiness/");
  for (let question = 0; question < 3; question++) await page.locator(`input[name=q${question}][value="1"]`).check();
  await page.getByRole("button", { name: "Score my answers" }).click();
  const fourth = page.locator("fieldset").nth(3);
  await page.waitForFunction(() => document.activeElement && document.activeElement.tagName === "FIELDSET");
  assert.equal(await fourth.evaluate((node) => node === document.activeElement), true, "focus is on question 4");
  assert.equal(await fourth.getAttribute("aria-invalid"), "true");
  // Every unanswered question is named, in the result page's words, not only the first: a
  // reader who skipped thirteen was sent back thirteen times.
  assert.equal(await fourth.locator("#form-error").textContent(), "Questions 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 and 16 have no answer yet; answer every question to get your score.", "the message sits in the question");
  const served = await (await fetch(BASE + "/ai-readiness/result/?q0=1&q1=1&q2=1")).text();
  assert.ok(served.includes(await page.locator("#form-error").textContent()), "the words of the page without scripts");
  assert.equal(await page.locator("#form-error").getAttribute("role"), "alert");
  assert.equal(await page.locator("fieldset[aria-invalid]").count(), 1, "only the first unanswered question");
  assert.deepEqual(await axeViolations(page), [], "axe with a question marked");
  await page.locator('input[name=q3][value="2"]').check();
  assert.equal(await fourth.getAttribute("aria-invalid"), null, "answering clears the mark");
  for (let question = 4; question < 15; question++) await page.locator(`input[name=q${question}][value="1"]`).check();
  await page.getByRole("button", { name: "Score my answers" }).click();
  await page.waitForFunction(() => document.activeElement && document.activeElement.tagName === "FIELDSET");
  assert.equal(await page.locator("fieldset").nth(15).locator("#form-error").textContent(), "Question 16 has no answer yet; answer every question to get your score.", "one left, named");
  assert.deepEqual(page.problems, []);
});

// On a phone, a long option's second line once started under its radio button rather than
// under its own first line, a table's row label floated halfway down a tall row, column
// headings were centred over left-aligned text, and a maturity band's name looked like the
// sentence explaining it. Radio buttons were the browser's 13 px, too small for a thumb and
// sitting above their option's first line; a search form's category select stopped short of
// the full width its query box took; a heading that wrapped kept the body's line spacing and
// read as two headings.
test("options wrap under their own text, table cells start top-left, band names stand out", async () => {
  const context = await newContext({ viewport: { width: 375, height: 812 } });
  const page = await openPage(context);
  await page.goto(BASE + "/ai-readiness/");
  const lefts = await page.evaluate(() => {
    for (const label of document.querySelectorAll("#assessment fieldset label")) {
      const text = [...label.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim());
      const range = document.createRange();
      range.selectNodeContents(text);
      const lines = [...range.getClientRects()].map((rect) => Math.round(rect.left));
      if (lines.length > 1) return lines;
    }
    return null;
  });
  assert.ok(lefts, "an option wraps at 375 px");
  assert.ok(lefts.every((left) => Math.abs(left - lefts[0]) <= 1), `every line of a wrapped option starts where its first does: ${lefts}`);
  const radio = await page.evaluate(() => {
    const input = document.querySelector("#assessment input[type=radio]");
    const box = input.getBoundingClientRect();
    const text = [...input.parentElement.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim());
    const range = document.createRange();
    range.selectNodeContents(text);
    const line = range.getClientRects()[0];
    return { size: box.height, offset: (box.top + box.bottom) / 2 - (line.top + line.bottom) / 2 };
  });
  assert.ok(radio.size >= 18, `a radio button is at least 18 px (${radio.size})`);
  assert.ok(Math.abs(radio.offset) <= 2, `a radio button is centred on its option's first line (${radio.offset} px off)`);
  const dt = await page.locator("main dt").first().evaluate((node) => Number(getComputedStyle(node).fontWeight));
  assert.ok(dt >= 600, `a band's name is bold (${dt})`);
  await screenshot(page, "assessment-narrow");

  await page.goto(BASE + "/guides/ai-system-security-risks/");
  const cells = await page.evaluate(() => {
    const td = document.querySelector("main tbody td");
    const th = document.querySelector("main thead th");
    return { td: getComputedStyle(td).verticalAlign, th: getComputedStyle(th).textAlign };
  });
  assert.equal(cells.td, "top", "a cell's text starts at the top of its row");
  assert.ok(["left", "start"].includes(cells.th), `a column heading lines up with its column (${cells.th})`);
  const h2 = await page.locator("main h2").first().evaluate((node) => {
    const style = getComputedStyle(node);
    return parseFloat(style.lineHeight) / parseFloat(style.fontSize);
  });
  assert.ok(h2 <= 1.35, `a heading's lines stay together (line height ${h2.toFixed(2)} of its size)`);

  await page.goto(BASE + "/search/?q=lerning");
  const form = await page.evaluate(() => {
    const main = document.querySelector("main form[data-search]");
    const width = (selector) => main.querySelector(selector).getBoundingClientRect().width;
    return { query: width("input[name=q]"), category: width("select[name=category]") };
  });
  assert.ok(Math.abs(form.query - form.category) <= 1, `the category select is as wide as the query box: ${JSON.stringify(form)}`);
  assert.deepEqual(page.problems, []);
});

test("a shared result URL reopens the result", async () => {
  const context = await newContext();
  const page = await openPage(context);
  await page.goto(BASE + "/ai-readiness/" + FRAGMENT);
  await page.locator("#result").waitFor({ state: "visible" });
  for (let question = 0; question < ANSWERS.length; question++) {
    const checked = await page.locator(`input[name=q${question}]:checked`).getAttribute("value");
    assert.equal(checked, String(ANSWERS[question]), `question ${question + 1}`);
  }
  const api = await (await fetch(BASE + "/v1/ai-readiness/score", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ answers: ANSWERS }),
  })).json();
  assert.equal(await page.locator("#score").textContent(), `${api.score} out of 100`);
  assert.equal(await page.locator("#band").textContent(), api.band.name);
  assert.equal(await page.locator("#share-link").getAttribute("href"), FRAGMENT);

  await page.goto(BASE + "/ai-readiness/#a=0123");
  await page.waitForFunction(() => document.getElementById("form-error").textContent.length > 0);
  assert.equal(await page.locator("#result").isVisible(), false, "an incomplete link shows no result");
  assert.deepEqual(page.problems, []);
});

test("the policy holds: an inline script the build did not hash is refused and reported", async () => {
  // Checks the check: a script block added to a page (as an injection would) must not run, and
  // the violation must reach cspViolations, or the afterEach hook would prove nothing.
  const context = await newContext();
  const page = await openPage(context);
  await page.goto(BASE + "/guides/");
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.injected = true;";
    document.body.append(script);
  });
  const both = () => cspViolations.some((v) => v.startsWith("console: ")) && cspViolations.some((v) => !v.startsWith("console: "));
  for (let i = 0; i < 100 && !both(); i++) await page.waitForTimeout(20);
  assert.equal(await page.evaluate(() => window.injected === true), false, "the injected script did not run");
  const seen = cspViolations.splice(0);
  assert.ok(seen.some((v) => v.includes("script-src")), `the violation was reported: ${seen.join("; ")}`);
  assert.ok(page.problems.some((p) => CSP_CONSOLE.test(p)), "chromium logged it too");
});
