/* The play page: the table drawn by patience-table.js from the server's state, clicks and
   keys turned into moves, and the answers of the JSON API (docs/play.md). No rules live
   here: the server's rules engine accepts or refuses every move, and its reason is shown. */
(function () {
  const query = new URLSearchParams(location.search);
  const token = query.get("token") || "";
  const gameId = query.get("game");
  const caption = document.getElementById("caption");
  const panel = document.getElementById("panel");
  const movesList = document.getElementById("moves");
  const auto = document.getElementById("auto");
  let state = null, table = null, selected = null, busy = false, explained = null, hintAt = null;
  /* The explanation the panel follows (an undo, a cancel or a new try ends the one before),
     and what it marks in the move list: the moves one of which lost the win, or that move. */
  let explainRun = 0, marks = null;

  function address(path, extra) {
    return path + "?token=" + encodeURIComponent(token) + (extra || "");
  }
  async function api(method, path, body) {
    const options = { method: method, headers: { "X-Frog-Token": token } };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const response = await fetch(path, options);
    let data = null;
    try { data = await response.json(); } catch (error) { data = { error: response.statusText }; }
    return { ok: response.ok, status: response.status, data: data };
  }
  function say(text, cls) {
    caption.innerHTML = "";
    caption.appendChild(el("span", cls || "", text));
  }
  function words(move) { return move.split(" ")[0] + " " + describe(move); }
  function briefly(move) {  /* "to waste pile 2", "up from waste pile 3" */
    const [, source, target] = move.split(" ");
    if (target !== "foundation") return source === "stock" ? "to waste pile " + target.slice(1) : describe(move);
    return "up" + (source === "stock" ? "" : " from " + (source === "reserve" ? "the reserve" : "waste pile " + source.slice(1)));
  }
  function describe(move) {
    const [, source, target] = move.split(" ");
    const place = p => p === "stock" ? "the stock" : p === "reserve" ? "the reserve" :
      p === "foundation" ? "a foundation" : "waste pile " + p.slice(1);
    return "from " + place(source) + " to " + place(target);
  }

  /* ------------------------------------------------------------ the list of games */

  async function showGames() {
    document.body.classList.add("games-view");
    document.getElementById("title").textContent = "Frog: past games";
    document.getElementById("verdict").remove();
    const [games, variants] = await Promise.all([api("GET", "/api/games"), api("GET", "/api/variants")]);
    const board = document.getElementById("table");
    board.innerHTML = "";
    const form = el("form", "new-game");
    form.id = "new-game";
    const select = el("select");
    select.id = "variant";
    Object.keys(variants.data.variants || {}).forEach(name => {
      const option = el("option", "", name);
      option.value = name;
      select.appendChild(option);
    });
    const number = el("input");
    number.id = "deal";
    number.placeholder = "deal number (empty: random)";
    const start = el("button", "", "New game");
    start.type = "submit";
    form.append(el("span", "", "Variant "), select, number, start);
    form.onsubmit = async event => {
      event.preventDefault();
      const body = { variant: select.value };
      if (number.value.trim()) body.deal = number.value.trim();
      const made = await api("POST", "/api/games", body);
      if (made.ok) location.href = address("/", "&game=" + made.data.id);
      else say(made.data.error, "illegal");
    };
    board.appendChild(form);
    const rows = el("table", "games");
    rows.id = "games";
    const head = el("tr");
    ["Game", "Deal", "Variant", "Result", "Moves", "Hints", "Peeks", "Last played"].forEach(
      text => head.appendChild(el("th", "", text)));
    rows.appendChild(head);
    (games.data.games || []).forEach(game => {
      const row = el("tr");
      row.dataset.game = String(game.id);
      const link = el("a", "", "#" + game.id);
      link.href = address("/", "&game=" + game.id);
      const first = el("td");
      first.appendChild(link);
      row.appendChild(first);
      [game.title, game.variant, game.result, game.moves, game.hints, game.peeks,
       game.updated.replace("T", " ").slice(0, 16)].forEach(text => row.appendChild(el("td", "", String(text))));
      rows.appendChild(row);
    });
    board.appendChild(rows);
    say((games.data.games || []).length ? "Open a game to go on with it, or start a new one."
        : "No games yet: start one.");
  }

  /* ------------------------------------------------------------ one game */

  function render(next) {
    state = next;
    if (!table) table = patienceTable(state.rules);
    const last = state.moves.length ? state.moves[state.moves.length - 1] : null;
    table.draw(state.frame, last);
    document.body.dataset.moves = String(state.moves.length);
    document.body.dataset.result = state.result;
    document.getElementById("title").textContent = state.title;
    const verdict = document.getElementById("verdict");
    verdict.textContent = state.result;
    verdict.className = "verdict " + (state.result === "won" ? "good" : state.result === "playing" ? "unknown" : "bad");
    const facts = document.getElementById("facts");
    facts.innerHTML = "";
    for (const [label, value] of [["moves", state.moves.length], ["cards left", state.cards_left],
                                  ["hints", state.hints], ["peeks", state.peeks]]) {
      const fact = el("span", "fact");
      fact.appendChild(el("b", "", label));
      fact.appendChild(document.createTextNode(" " + value));
      fact.dataset.fact = label;
      facts.appendChild(fact);
    }
    movesList.innerHTML = "";
    state.moves.forEach((move, i) => {
      const li = el("li", move.auto ? "auto" : "");
      li.dataset.step = String(i + 1);
      li.appendChild(el("span", "num", (i + 1) + "."));
      li.appendChild(chipEl(move.c));
      li.appendChild(el("span", "words", move.d + (move.auto ? " (auto)" : "")));
      movesList.appendChild(li);
    });
    if (explained !== null && explained !== state.moves.length) forgetExplanation();
    mark(marks);
    followMoves();
    select(null);
    if (hintAt !== null && (state.moves.length !== hintAt || state.result !== "playing")) clearHint();
    if (state.result !== "playing") finish();
  }

  /* The move list ends at the last move, also when the panel above it grows. */
  function followMoves() { movesList.scrollTop = movesList.scrollHeight; }

  /* The panel shows one answer (a hint, a peek, the explanation) at a time. */
  function showInPanel(box) {
    panel.innerHTML = "";
    panel.appendChild(box);
    followMoves();
  }

  /* A hint speaks of one position: it goes as soon as a move, an undo or the game's end
     changes the position. */
  function clearHint() {
    const box = document.getElementById("hint-box");
    if (box) box.remove();
    hintAt = null;
  }

  function select(source) {
    selected = source;
    document.querySelectorAll(".selected").forEach(n => n.classList.remove("selected"));
    if (source) document.querySelector("#stock .fan .card").classList.add("selected");
  }

  async function act(path, body, what) {
    if (busy) return null;
    busy = true;
    document.body.classList.add("busy");
    if (what) say(what + "\u2026");
    try {
      const answer = await api("POST", "/api/games/" + gameId + path, body);
      if (!answer.ok) say(answer.data.error, "illegal");
      return answer;
    } finally {
      busy = false;
      document.body.classList.remove("busy");
    }
  }

  async function play(move) {
    const answer = await act("/moves", { move: move, autoplay: auto.checked });
    if (answer && answer.ok) {
      render(answer.data);
      const last = answer.data.moves[answer.data.moves.length - 1];
      if (state.result === "playing") {
        caption.innerHTML = "";
        caption.appendChild(el("span", "", "Move " + answer.data.moves.length + ": "));
        caption.appendChild(chipEl(last.c));
        caption.appendChild(el("span", "", " " + last.d));
      }
    }
  }

  async function undo() {
    const answer = await act("/undo", {});
    if (answer && answer.ok) {
      panel.innerHTML = "";
      render(answer.data);
      say(answer.data.moves.length ? "Undone: back to move " + answer.data.moves.length : "Back at the deal.");
    }
  }

  async function hint() {
    const answer = await act("/hint", {}, "Thinking about a hint (without looking at the stock)");
    if (!answer || !answer.ok) return;
    const h = answer.data.hint;
    const box = el("div", "hint");
    box.id = "hint-box";
    box.appendChild(el("div", "head", "Hint (never looks at the stock)"));
    const ol = el("ol", "choices");
    (h.choices || []).forEach((choice, i) => {
      const li = el("li", i === 0 ? "best" : choice.equal_to_best ? "equal" : "");
      const legal = state.legal.includes(choice.move);
      li.dataset.move = choice.move;
      if (legal) li.appendChild(chipEl(choice.move.split(" ")[0]));
      li.appendChild(el("span", "words", choice.equivalent && choice.equivalent.length
        ? choice.words : legal ? briefly(choice.move) : choice.move));
      li.appendChild(el("span", "chance", chanceText(choice)));
      if (choice.equal_to_best) li.appendChild(el("span", "tag", "as good as the best"));
      if (legal) {
        const go = el("button", "", "play");
        go.onclick = () => play(choice.move);
        li.appendChild(go);
      }
      if (choice.note) li.appendChild(el("span", "note", choice.note));
      ol.appendChild(li);
    });
    box.appendChild(ol);
    if (h.meaning) box.appendChild(el("p", "meaning", h.meaning));
    showInPanel(box);
    hintAt = state.moves.length;
    setFact("hints", answer.data.hints);
    say(h.best ? "Hint: " + words(h.best) : "Hint: nothing is left to play.");
  }

  /* "62% (39-82%)": the calibrated chance and its interval; a policy without chances: "–". */
  function chanceText(choice) {
    if (choice.chance === null || choice.chance === undefined) return "\u2013";
    const pct = x => Math.round(x * 100);
    return pct(choice.chance) + "%" + (choice.interval
      ? " (" + pct(choice.interval[0]) + "\u2013" + pct(choice.interval[1]) + "%)" : "");
  }

  async function peek() {
    const answer = await act("/peek", {}, "Peeking: solving with the stock known");
    if (!answer || !answer.ok) return;
    const p = answer.data.peek;
    const text = p.verdict === "winnable" ? "still winnable" : p.verdict === "unwinnable"
      ? "no longer winnable" : "unknown (" + (p.reason || "limit") + ")";
    const box = el("div", "peek " + p.verdict);
    box.id = "peek-box";
    box.appendChild(el("div", "head", "Peek (looks at the stock)"));
    box.appendChild(el("p", "answer", "After move " + answer.data.moves + ": " + text +
      " (" + p.seconds + " s of at most " + p.limit + " s)"));
    if (p.why) box.appendChild(el("p", "why", p.why));
    showInPanel(box);
    setFact("peeks", answer.data.peeks);
    say("Peek: " + text);
  }

  function setFact(label, value) {
    const fact = document.querySelector('[data-fact="' + label + '"]');
    if (fact) fact.lastChild.textContent = " " + value;
  }

  async function giveUp() {
    const answer = await act("/give-up", {});
    if (answer && answer.ok) render(answer.data);
  }

  async function finish() {
    if (explained === state.moves.length) return;
    explained = state.moves.length;
    if (state.result === "won") {
      say("Won: all " + state.rules.cards + " cards are up, in " + state.moves.length + " moves.", "won");
      return;
    }
    say("Game over. Finding out whether a move lost the win\u2026");
    const run = ++explainRun;
    let answer = await api("GET", explainPath());  /* a reload finds it where it was */
    if (answer.ok && answer.data.status === "none") answer = await api("POST", explainPath(), {});
    followExplain(answer, run);
  }

  function explainPath() { return "/api/games/" + gameId + "/explain"; }
  function pause(ms) { return new Promise(resolve => setTimeout(resolve, ms)); }

  /* The explanation runs on the server as a job: its progress every half second, then
     the answer (or that it was cancelled, or failed). */
  async function followExplain(answer, run) {
    while (run === explainRun) {
      if (!answer.ok) { explainFailed(answer.data.error); return; }
      const x = answer.data;
      if (x.status === "done") { showExplanation(x); return; }
      if (x.status === "cancelled") { showCancelled(x); return; }
      showProgress(x);
      await pause(500);
      if (run !== explainRun) return;
      answer = await api("GET", explainPath());
    }
  }

  function explainBox(kind) {
    const box = el("div", "explain " + kind);
    box.id = "explain-box";
    box.appendChild(el("div", "head", "After the game (the solver looks at the stock)"));
    return box;
  }

  function solvesText(p) { return p.solves + (p.solves === 1 ? " solve" : " solves"); }

  function showProgress(x) {
    const p = x.progress;
    let box = document.getElementById("explain-box");
    if (!box || !box.classList.contains("working")) {
      box = explainBox("working");
      const status = el("p", "status");
      status.id = "explain-status";
      const time = el("progress");
      time.id = "explain-time";
      const known = el("p", "known");
      known.id = "explain-known";
      const cancel = el("button", "", "Cancel");
      cancel.id = "explain-cancel";
      cancel.title = "stop looking for the move that lost the win";
      cancel.onclick = cancelExplain;
      const row = el("div", "row");
      row.append(time, cancel);
      box.append(status, row, known);
      showInPanel(box);
    }
    box.querySelector("#explain-status").textContent = x.status === "queued" ? "Waiting for the solver\u2026"
      : "Finding the move that lost the win: " + solvesText(p) + ", " + p.seconds.toFixed(1) +
        " s (at most " + p.limit + " s)";
    const time = box.querySelector("#explain-time");
    time.max = p.limit;
    time.value = Math.min(p.seconds, p.limit);
    box.querySelector("#explain-known").textContent = p.text;
    mark({ between: p.between });
  }

  function showCancelled(x) {
    const p = x.progress;
    const box = explainBox("cancelled");
    box.appendChild(el("p", "status", "Cancelled after " + solvesText(p) + " and " + p.seconds.toFixed(1) + " s."));
    box.appendChild(el("p", "known", p.solves ? "Known by then: " + p.text : "Nothing was decided by then."));
    box.appendChild(againButton());
    showInPanel(box);
    mark({ between: p.between });
    say(ended() + "Finding the move that lost the win was cancelled.");
  }

  function explainFailed(error) {
    const box = explainBox("failed");
    box.appendChild(el("p", "status", error));
    box.appendChild(againButton());
    showInPanel(box);
    say(ended() + error, "illegal");
  }

  function againButton() {
    const again = el("button", "", "Try again");
    again.id = "explain-again";
    again.onclick = async () => {
      const run = ++explainRun;
      followExplain(await api("POST", explainPath(), {}), run);
    };
    return again;
  }

  async function cancelExplain() {
    const run = ++explainRun;  /* the polling stops */
    const button = document.getElementById("explain-cancel");
    if (button) button.disabled = true;
    const answer = await api("POST", explainPath() + "/cancel", {});
    if (run !== explainRun) return;
    /* 409: it ended before the cancel came; show how */
    followExplain(answer.status === 409 ? await api("GET", explainPath()) : answer, run);
  }

  function ended() { return state.result === "gave up" ? "Given up. " : "No legal move left. "; }

  function showExplanation(answer) {
    const x = answer.explanation, p = answer.progress;
    const box = explainBox("done");
    box.appendChild(el("p", "start", "The deal from the start: " + x.start + "."));
    box.appendChild(el("p", "summary", x.summary));
    if (x.losing_move) {
      const link = el("a", "button", "Replay a winning line from move " + (x.losing_move - 1));
      link.id = "replay-from-there";
      link.href = address("/replay/" + gameId);
      box.appendChild(link);
    }
    box.appendChild(el("p", "figures", solvesText(p) + ", " + p.seconds.toFixed(1) + " s"));
    showInPanel(box);
    mark(x.losing_move ? { lost: x.losing_move } : { between: x.between });
    say(ended() + x.summary);
  }

  /* The moves changed (an undo, a move after giving up): the explanation of the moves
     before goes (the server stops it too). */
  function forgetExplanation() {
    explained = null;
    explainRun++;
    marks = null;
    const box = document.getElementById("explain-box");
    if (box) box.remove();
  }

  /* The move list shows what the explanation knows: the losing move, or the moves one of
     which lost the win (kept across a redraw of the list). */
  function mark(next) {
    marks = next;
    movesList.querySelectorAll("li.lost, li.suspect").forEach(li => li.classList.remove("lost", "suspect"));
    if (!marks) return;
    if (marks.lost) {
      const row = movesList.querySelector('[data-step="' + marks.lost + '"]');
      if (row) row.classList.add("lost");
    } else if (marks.between) {
      for (let k = marks.between[0]; k <= marks.between[1]; k++) {
        const row = movesList.querySelector('[data-step="' + k + '"]');
        if (row) row.classList.add("suspect");
      }
    }
  }

  /* Clicks: the turned card, then a waste pile or a foundation; a reserve or pile top goes up. */
  function onClick(event) {
    if (!state || state.result === "won") return;
    const card = event.target.closest(".card:not(.back)");
    const pile = event.target.closest("#waste .pile");
    const stockCard = event.target.closest("#stock .fan .card");
    if (stockCard) { select(selected ? null : "stock"); return; }
    if (selected && pile) { play(state.frame.s + " stock w" + pile.dataset.pile); return; }
    if (selected && event.target.closest("#foundations")) { play(state.frame.s + " stock foundation"); return; }
    if (card && event.target.closest("#reserve")) { play(card.dataset.card + " reserve foundation"); return; }
    if (card && pile) {
      const names = cards(state.frame.w[Number(pile.dataset.pile) - 1]);
      if (names.length && card.dataset.card === names[names.length - 1]) {
        play(card.dataset.card + " w" + pile.dataset.pile + " foundation");
        return;
      }
      say("Only the top card of a pile can move (to a foundation).", "illegal");
    }
  }

  function onKey(event) {
    if (!state || event.target.matches("input:not([type=checkbox]), textarea, select") || event.ctrlKey && event.key !== "z" || event.altKey || event.metaKey) return;
    const key = event.key.toLowerCase();
    if (key === "u" || key === "backspace" || (event.ctrlKey && key === "z")) undo();
    else if (key === "h") hint();
    else if (key === "p") peek();
    else if (key === " " || key === "t") { if (state.frame.s) select(selected ? null : "stock"); }
    else if (key === "escape") select(null);
    else if (key === "f" && selected) play(state.frame.s + " stock foundation");
    else if (/^[1-9]$/.test(key) && selected && Number(key) <= state.rules.waste) play(state.frame.s + " stock w" + key);
    else return;
    event.preventDefault();
  }

  async function start() {
    document.getElementById("games-link").href = address("/");
    if (!gameId) { showGames(); return; }
    const answer = await api("GET", "/api/games/" + gameId);
    if (!answer.ok) { say(answer.data.error, "illegal"); return; }
    render(answer.data);
    if (state.result === "playing") {
      say(state.moves.length ? "Resumed at move " + state.moves.length + "."
          : "Click the turned stock card, then a waste pile or a foundation; click a reserve or pile top to play it up.");
    }
    document.getElementById("table").addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    document.getElementById("undo").onclick = undo;
    document.getElementById("hint").onclick = hint;
    document.getElementById("peek").onclick = peek;
    document.getElementById("give-up").onclick = giveUp;
    document.getElementById("new").onclick = async () => {
      const made = await api("POST", "/api/games", { variant: state.variant });
      if (made.ok) location.href = address("/", "&game=" + made.data.id);
      else say(made.data.error, "illegal");
    };
    auto.checked = localStorage.getItem("frog-autoplay") === "1";
    auto.onchange = () => {
      localStorage.setItem("frog-autoplay", auto.checked ? "1" : "0");
      auto.blur();  // the keys are the table's again (Space would toggle the box)
    };
    /* A clicked button keeps no focus, so Space and the letters always reach the table. */
    document.addEventListener("click", event => {
      const control = event.target.closest("button");
      if (control) control.blur();
    });
    window.addEventListener("resize", () => render(state));
  }
  start();
})();
