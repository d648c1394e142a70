// The assessment page's script, inlined by src/compiler/pages.rs after the constants
// `API` (the score endpoint of this build's API origin), `N_QUESTIONS` and `OFFER` (how the
// API's `nextStep` ends, with the bare address of the facilitated assessment, and what the
// page says instead: the words before the link, its address, its words, the words after).
//
// `buildBody` is the one place the request body is made: the option index of every question,
// in order, as {"answers": [...]}. The same indices, as digits, are the URL fragment
// `#a=0123...`: after scoring the page writes it, and on load (or when the fragment changes)
// the page reads it, fills the form and scores, so a result can be bookmarked and shared.
const FRAGMENT = new RegExp("^#a=([0-4]{" + N_QUESTIONS + "})$");
const form = document.getElementById("assessment");
const error = document.getElementById("form-error");

function buildBody(form) {
  const answers = [];
  const missing = [];
  for (let i = 0; i < N_QUESTIONS; i++) {
    const checked = form.querySelector('input[name="q' + i + '"]:checked');
    if (checked) answers.push(Number(checked.value)); else missing.push(i + 1);
  }
  if (missing.length) return { missing: missing };
  return { answers: answers, body: JSON.stringify({ answers: answers }) };
}
// Every unanswered question by number, in the words of the result page without scripts
// ("Questions 9, 10 and 16 have no answer yet; ..."): naming only the first sent a reader
// who had skipped eight back eight times, one question per try.
function unanswered(numbers) {
  let list = String(numbers[0]);
  for (let at = 1; at < numbers.length; at++) list += (at + 1 === numbers.length ? " and " : ", ") + numbers[at];
  return (numbers.length === 1 ? "Question " + list + " has" : "Questions " + list + " have") +
    " no answer yet; answer every question to get your score.";
}
function el(tag, text) { const node = document.createElement(tag); node.textContent = text; return node; }
// The next step as the server's result page shows it: the offer that ends it, a bare address
// in the API, becomes words with the service's name as the link; built as nodes, never
// parsed as HTML.
function nextStep(text) {
  const [api, before, url, words, after] = OFFER;
  if (!text.endsWith(api)) return [document.createTextNode(text)];
  const link = el("a", words); link.href = url;
  return [document.createTextNode(text.slice(0, text.length - api.length) + before), link, document.createTextNode(after)];
}
function show(result, answers) {
  document.getElementById("score").textContent = result.score + " out of 100";
  document.getElementById("band").textContent = result.band.name;
  const guidance = document.getElementById("guidance");
  guidance.replaceChildren(...result.band.guidance.map(function (line) { return el("li", line); }));
  const pillars = document.getElementById("pillars");
  pillars.replaceChildren();
  for (const key of Object.keys(result.pillars)) {
    const pillar = result.pillars[key];
    pillars.append(el("div", pillar.title + ": " + pillar.average.toFixed(2)));
    const bar = document.createElement("div"); bar.className = "bar";
    bar.setAttribute("role", "img"); bar.setAttribute("aria-label", pillar.title + " " + pillar.average.toFixed(2) + " of 5");
    const fill = document.createElement("span"); fill.style.width = (pillar.average / 5 * 100) + "%";
    bar.append(fill); pillars.append(bar);
  }
  // The advice is the API's, field for field: the weakest pillar's first, then that of every
  // other pillar the API advises on (those below 4.0), in the API's order.
  const weakest = result.pillars[result.weakestPillar];
  document.getElementById("advice").textContent = weakest.title + ": " + (weakest.advice || "");
  const more = document.getElementById("more-advice");
  more.replaceChildren();
  for (const key of Object.keys(result.pillars)) {
    const pillar = result.pillars[key];
    if (key !== result.weakestPillar && pillar.advice) more.append(el("li", pillar.title + ": " + pillar.advice));
  }
  more.hidden = more.children.length === 0;
  document.getElementById("next-step").replaceChildren(...nextStep(result.nextStep || ""));
  const fragment = "#a=" + answers.join("");
  if (window.location.hash !== fragment) history.replaceState(null, "", fragment);
  const share = document.getElementById("share-link");
  share.href = fragment;
  share.textContent = window.location.href;
  const section = document.getElementById("result"); section.hidden = false;
  const heading = document.getElementById("result-heading");
  heading.scrollIntoView(); heading.focus();
}
// Where `error` (a live region, role=alert) normally sits: just above the submit button.
const errorHome = error.nextElementSibling;
// Shows `text` in the live region. With the fieldset of the first unanswered question, the message
// moves under that question's legend, the fieldset is marked aria-invalid and described by
// the message, and focus moves to it; otherwise the message stays above the button.
function report(text, fieldset) {
  for (const marked of form.querySelectorAll("fieldset[aria-invalid]")) clearInvalid(marked);
  if (fieldset) {
    fieldset.querySelector("legend").after(error);
    fieldset.setAttribute("aria-invalid", "true");
    fieldset.setAttribute("aria-describedby", "form-error");
    fieldset.tabIndex = -1;
  } else if (error.nextElementSibling !== errorHome) {
    errorHome.before(error);
  }
  error.textContent = text;
  if (fieldset) { fieldset.scrollIntoView({ block: "center" }); fieldset.focus(); }
}
function clearInvalid(fieldset) {
  fieldset.removeAttribute("aria-invalid");
  fieldset.removeAttribute("aria-describedby");
}
form.addEventListener("change", function (event) {
  const fieldset = event.target.closest("fieldset[aria-invalid]");
  if (fieldset) { clearInvalid(fieldset); if (fieldset.contains(error)) error.textContent = ""; }
});
async function score() {
  const built = buildBody(form);
  if (built.missing) {
    const fieldset = form.querySelector('input[name="q' + (built.missing[0] - 1) + '"]').closest("fieldset");
    report(unanswered(built.missing), fieldset);
    return;
  }
  report("");
  try {
    const response = await fetch(API, { method: "POST", headers: { "Content-Type": "application/json" }, body: built.body });
    const data = await response.json();
    if (!response.ok) { report(data.error ? data.error.message : "Scoring failed."); return; }
    show(data, built.answers);
  } catch (e) { report("The scoring service could not be reached."); }
}
function openFromFragment() {
  if (!window.location.hash.startsWith("#a=")) return;
  const match = FRAGMENT.exec(window.location.hash);
  if (!match) {
    document.getElementById("result").hidden = true;
    report("This link does not hold a full set of answers; please answer every question.");
    return;
  }
  for (let i = 0; i < N_QUESTIONS; i++) {
    const input = form.querySelector('input[name="q' + i + '"][value="' + match[1][i] + '"]');
    if (input) input.checked = true;
  }
  score();
}
form.addEventListener("submit", function (event) { event.preventDefault(); score(); });
window.addEventListener("hashchange", openFromFragment);
openFromFragment();
