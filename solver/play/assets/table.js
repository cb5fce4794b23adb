"use strict";
/* The table page of `frog tricks play`. No rules live here: the server's rules engine
   accepts or refuses every action and says why; the page draws the state it answers with
   (docs/tricks.md, The table's API) and asks the computer seats to act in turn. */
const TOKEN = new URLSearchParams(location.search).get("token") || "";
const COMPUTER_PAUSE = 450; // ms, so that a person sees each computer card land
let state = null;
let selected = new Set();
let waiting = false;

async function api(method, path, body) {
  const response = await fetch(path, {
    method, headers: { "X-Frog-Token": TOKEN, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function caption(text, cls) {
  const box = document.getElementById("caption");
  box.textContent = "";
  box.appendChild(el("span", cls || "", text));
}

function seatName(seat) {
  if (seat === state.your_seat) return "You";
  return "Seat " + seat + " (place " + state.places[seat - 1] + ")";
}

/* What the table waits for, in the user's words when it is the user's turn. */
function expects() {
  if (!state.your_turn) return state.expects;
  return { auction: "your call", discard: "click " + state.widow.length + " cards to lay away",
    play: "your card" }[state.phase] || state.expects;
}

function button(text, onClick, title) {
  const b = el("button", "", text);
  b.addEventListener("click", onClick);
  if (title) b.title = title;
  return b;
}

async function send(promise) {
  waiting = true;
  document.body.classList.add("busy");
  try {
    state = await promise;
    selected = new Set();
    caption("");
  } catch (error) {
    caption(error.message, "illegal");
  } finally {
    waiting = false;
    document.body.classList.remove("busy");
  }
  draw();
}

async function hint() {
  if (waiting || !state.your_turn) return;
  caption("the computer is thinking...");
  try {
    const answer = (await api("POST", "/api/hint")).hint;
    const values = Object.entries(answer.values);
    const worth = state.phase === "auction" ? "expected payment: " : "bidder's points on average: ";
    caption("Hint: " + answer.action + (values.length ? " (" + worth + values.map(([k, v]) => k + " " + v).join(", ") + ")" : ""), "hint");
  } catch (error) {
    caption(error.message, "illegal");
  }
}

function undo() { if (!waiting) send(api("POST", "/api/undo")); }

function act(action) { if (!waiting) send(api("POST", "/api/actions", { action })); }
function nextHand() { if (!waiting && state.phase === "over") send(api("POST", "/api/hands")); }

function drawOthers() {
  const box = document.getElementById("others");
  box.textContent = "";
  for (const seat of [1, 2, 3]) {
    if (seat === state.your_seat) continue;
    const div = el("div", "opponent" + (state.to_act === seat ? " turn" : ""));
    div.dataset.seat = seat;
    const who = el("div", "who", seatName(seat));
    if (state.contract) {
      const bidder = state.contract.bidder === seat;
      who.appendChild(el("span", "role" + (bidder ? " bidder" : ""), bidder ? "bidder" : "defender"));
    }
    div.appendChild(who);
    const backs = el("div", "backs");
    for (let i = 0; i < state.held[seat]; i++) backs.appendChild(el("div", "card back"));
    div.appendChild(backs);
    div.appendChild(el("div", "count", state.held[seat] + " cards"));
    box.appendChild(div);
  }
}

function drawCentre() {
  const trick = document.getElementById("trick");
  trick.textContent = "";
  const shown = state.trick.length ? state.trick : state.last_trick;
  trick.className = state.trick.length ? "" : "last";
  trick.setAttribute("aria-label", state.trick.length ? "the trick on the table" : "the last trick");
  for (const play of shown) {
    const div = el("div", "play");
    div.appendChild(cardEl(play.card));
    div.appendChild(el("span", "tag", seatName(play.seat)));
    trick.appendChild(div);
  }
  const widow = document.getElementById("widow");
  widow.textContent = "";
  if (state.widow.length) {
    widow.appendChild(el("div", "label", "widow (shown)"));
    const cards = el("div", "cards");
    state.widow.forEach((name) => cards.appendChild(cardEl(name)));
    widow.appendChild(cards);
  }
}

function drawHand() {
  const mine = document.getElementById("mine");
  mine.className = state.your_turn ? "turn" : "";
  const me = document.getElementById("me");
  me.textContent = state.your_seat ? "You, seat " + state.your_seat + " (place " + state.you + ")"
    : "You sit this hand out (place " + state.you + ")";
  if (state.contract && state.your_seat) {
    const bidder = state.contract.bidder === state.your_seat;
    me.appendChild(el("span", "role" + (bidder ? " bidder" : ""), bidder ? "bidder" : "defender"));
  }
  const hand = document.getElementById("hand");
  hand.textContent = "";
  const laying = state.phase === "discard" && state.your_turn;
  for (const name of state.cards) {
    const legal = state.legal.includes(name);
    const cls = (legal ? "legal" : state.legal.length ? "dim" : "") + (selected.has(name) ? " selected" : "");
    const b = el("button", cls);
    b.dataset.card = name;
    b.setAttribute("aria-label", rankText(name) + " " + { C: "clubs", D: "diamonds", H: "hearts", S: "spades" }[name[1]]);
    b.appendChild(cardEl(name));
    b.addEventListener("click", () => {
      if (laying) {
        if (selected.has(name)) selected.delete(name); else selected.add(name);
        draw();
        document.querySelector('#hand button[data-card="' + name + '"]').focus();
      } else if (state.phase === "play" && state.your_turn) {
        act("play " + name);
      } else {
        caption("not your turn: " + expects(), "illegal");
      }
    });
    hand.appendChild(b);
  }
}

function drawControls() {
  const box = document.getElementById("controls");
  box.textContent = "";
  if (state.phase === "auction" && state.your_turn) {
    for (const bid of state.bids) box.appendChild(button(bid, () => act(bid)));
  } else if (state.phase === "discard" && state.your_turn) {
    const size = state.widow.length;
    const lay = button("Lay away " + selected.size + "/" + size,
      () => act("discard " + [...selected].join(" ")), "click " + size + " cards, then here");
    lay.id = "lay-away";
    lay.disabled = selected.size !== size;
    box.appendChild(lay);
  } else if (state.phase === "over") {
    const next = button("Next hand", nextHand, "deal the next hand (N)");
    next.id = "next-hand";
    box.appendChild(next);
  }
  if (state.your_turn) box.appendChild(button("Hint", hint, "what the computer would do here, from your cards alone (H)"));
  if (state.can_undo) box.appendChild(button("Undo", undo, "take back your last card (U)"));
  box.appendChild(el("span", "expects", state.phase === "over" ? "" : expects()));
}

function drawList() {
  const auction = document.getElementById("auction");
  auction.textContent = "";
  auction.appendChild(el("h2", "", "Hand " + state.hand + ": the auction"));
  const calls = el("ol");
  state.calls.forEach((c) => calls.appendChild(el("li", "", seatName(c.seat) + ": " + c.call)));
  auction.appendChild(calls);
  const outcome = document.getElementById("outcome");
  outcome.textContent = "";
  if (state.contract) {
    const c = state.contract;
    const contract = c.contract + (c.contract === "chico" ? " in " + c.trump : "");
    const bidder = c.bidder === state.your_seat ? "you are the bidder" : seatName(c.bidder) + " is the bidder";
    const line = el("p", "", contract + ": " + bidder + "; tricks so far: bidder " + c.won[0] +
      ", defenders " + c.won[1] + " points");
    line.id = "contract-line";
    outcome.appendChild(line);
  }
  if (state.discard.length) outcome.appendChild(el("p", "", "you laid away " + state.discard.join(" ")));
  const r = state.result;
  if (r) {
    if (r.thrown_in) outcome.appendChild(el("p", "", "All passed: the hand is thrown in."));
    else {
      const p = el("p", r.verdict, "The bidder takes " + r.points + " points (" + r.banked +
        " from the " + (state.contract.contract === "frog" ? "cards laid away" : "widow") + "): " +
        r.verdict + ", payment " + (r.payment > 0 ? "+" : "") + r.payment);
      p.id = "verdict-line";
      outcome.appendChild(p);
    }
    const deal = el("div", "dealt");
    deal.appendChild(el("h2", "", "The deal"));
    for (const seat of [1, 2, 3]) deal.appendChild(el("div", "", seatName(seat) + ": " + r.hands[seat].join(" ")));
    deal.appendChild(el("div", "", "widow: " + r.widow.join(" ")));
    if (r.discard && r.discard.length) deal.appendChild(el("div", "", "laid away: " + r.discard.join(" ")));
    outcome.appendChild(deal);
    if (!r.thrown_in) {
      const where = el("div", "analysis");
      where.id = "analysis";
      outcome.appendChild(where);
      showAnalysis(where);
      const link = el("a", "button", "Replay the hand");
      link.href = "/replay?token=" + encodeURIComponent(TOKEN);
      link.target = "_blank";
      link.id = "replay-link";
      outcome.appendChild(link);
    }
  }
  const table = document.getElementById("scores");
  table.textContent = "";
  const head = el("tr");
  head.appendChild(el("th", "", "chips"));
  for (let place = 1; place <= state.players; place++) {
    head.appendChild(el("th", place === state.you ? "you" : "", place === state.you ? "you" : "P" + place));
  }
  table.appendChild(head);
  state.scores.forEach((row, i) => {
    const tr = el("tr");
    tr.appendChild(el("td", "", "hand " + (i + 1)));
    for (let place = 1; place <= state.players; place++) tr.appendChild(el("td", "", String(row[place])));
    table.appendChild(tr);
  });
  const total = el("tr", "total");
  total.appendChild(el("td", "", "total"));
  for (let place = 1; place <= state.players; place++) total.appendChild(el("td", "", String(state.totals[place])));
  table.appendChild(total);
}

/* "Where the points went": the double-dummy analysis of the hand just played, asked once
   per hand and kept. */
const analyses = {};
async function showAnalysis(box) {
  const hand = state.hand;
  if (!analyses[hand]) {
    box.textContent = "analysing the hand...";
    try {
      analyses[hand] = await api("POST", "/api/analysis");
    } catch (error) {
      box.textContent = error.message;
      return;
    }
  }
  const a = analyses[hand];
  if (!document.body.contains(box) || state.hand !== hand) return;
  box.textContent = "";
  box.appendChild(el("h2", "", "Where the points went"));
  box.appendChild(el("p", "", "With every card visible and perfect play the bidder would take " +
    a.perfect + "; the bidder gave away " + a.bidder_lost + (a.discard_lost ? " (" +
    a.discard_lost + " by the discard; the best was " + a.best_discard.join(" ") + ")" : "") +
    ", the defenders " + a.defenders_lost + ": " + a.final + "."));
  const list = el("ol", "costly");
  for (const c of a.costly) {
    list.appendChild(el("li", "", "trick " + c.trick + ": " + seatName(c.seat) + " played " +
      c.card + ", giving away " + c.lost + " for the " + (c.bidder ? "bidder" : "defenders")));
  }
  box.appendChild(list);
}

function drawHeader() {
  const verdict = document.getElementById("verdict");
  const r = state.result;
  verdict.className = "verdict " + (!r ? "unknown" : r.thrown_in ? "unknown" : r.verdict === "made" ? "good" : "bad");
  verdict.textContent = !r ? expects() : r.thrown_in ? "thrown in" : r.points + " points: " + r.verdict;
  const facts = document.getElementById("facts");
  facts.textContent = "";
  const o = state.options;
  for (const [k, v] of [["hand", state.hand], ["dealer", "place " + state.dealer], ["scoring", o.scoring],
    ["target", o.target], ["players", state.players]]) {
    const f = el("span", "fact", k + " ");
    f.appendChild(el("b", "", String(v)));
    facts.appendChild(f);
  }
}

function draw() {
  document.body.dataset.phase = state.phase;
  document.body.dataset.actions = state.actions;
  document.body.dataset.hand = state.hand;
  document.body.dataset.yourTurn = state.your_turn;
  drawHeader();
  drawOthers();
  drawCentre();
  drawHand();
  drawControls();
  drawList();
  if (state.to_act && !state.your_turn && !waiting) {
    setTimeout(() => { if (!waiting) send(api("POST", "/api/computer")); }, COMPUTER_PAUSE);
  }
}

document.addEventListener("keydown", (event) => {
  if (!state || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "n" || event.key === "N") nextHand();
  if (event.key === "h" || event.key === "H") hint();
  if ((event.key === "u" || event.key === "U") && state.can_undo) undo();
  if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
    const buttons = [...document.querySelectorAll("#hand button")];
    const at = buttons.indexOf(document.activeElement);
    const step = event.key === "ArrowRight" ? 1 : -1;
    const next = buttons[(at + step + buttons.length) % buttons.length];
    if (next) { next.focus(); event.preventDefault(); }
  }
});

send(api("GET", "/api/table"));
