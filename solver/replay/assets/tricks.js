/* The trick-taking table: three hands, widow or discard, the trick on the table, scores. */
(function () {
  const table = document.getElementById("table");
  const list = document.getElementById("list");
  const SUIT_WORD = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
  const OFFSET = 30;

  table.innerHTML = '<div id="tt"><div id="hands"></div><div id="side">' +
    '<div class="contract">' + DATA.contract + ', trumps ' + SUIT_WORD[DATA.trump] +
    ' <span class="chip ' + cardColour("A" + DATA.trump) + '">' + SUIT_SYMBOL[DATA.trump] + '</span>' +
    ', bidder seat ' + DATA.bidder + '</div>' +
    '<div class="label" id="trick-label">Trick</div><div id="trick"></div>' +
    '<div class="label" id="widow-label">Widow</div><div class="small" id="widow"></div>' +
    '<div class="label">Points</div><div class="score" id="score"></div></div></div>';
  const hands = document.getElementById("hands");
  for (let seat = 1; seat <= 3; seat++) {
    const box = el("div", "seat" + (seat === DATA.bidder ? " bidder" : ""));
    box.dataset.seat = String(seat);
    const who = el("div", "who");
    who.appendChild(el("b", "", "Seat " + seat));
    who.appendChild(el("span", "role", seat === DATA.bidder ? "bidder" : "defender"));
    box.appendChild(who);
    box.appendChild(el("div", "fan"));
    hands.appendChild(box);
  }

  /* The list: the deal, the widow, then one row per trick with its cards as chips. */
  const ol = el("ol");
  DATA.steps.slice(0, 2).forEach((step, i) => {
    const li = el("li");
    li.dataset.step = String(i);
    li.appendChild(el("span", "num", i + "."));
    li.appendChild(el("span", "words", step.d));
    ol.appendChild(li);
  });
  DATA.tricks.forEach((trick, i) => {
    const li = el("li", "trick");
    li.dataset.trick = String(i + 1);
    li.appendChild(el("div", "head", "Trick " + (i + 1) + ": seat " + trick.lead + " leads"));
    const row = el("div");
    trick.plays.forEach(([seat, name, step]) => {
      row.appendChild(el("span", "", seat + ":"));
      const chip = chipEl(name);
      chip.dataset.step = String(step);
      chip.title = DATA.steps[step].d;
      row.appendChild(chip);
    });
    li.appendChild(row);
    if (trick.win) {
      li.appendChild(el("div", "won", "seat " + trick.win + " wins " + trick.points +
        " \u2192 bidder " + trick.totals[0] + ", defenders " + trick.totals[1]));
    }
    ol.appendChild(li);
  });
  list.appendChild(ol);

  function fan(container, names, ghost) {
    container.innerHTML = "";
    const width = container.clientWidth || 500;
    const offset = names.length > 1 ? Math.min(OFFSET, (width - 60) / (names.length - 1)) : 0;
    names.forEach((name, i) => {
      const card = cardEl(name, name === ghost ? "ghost" : "");
      card.style.left = (i * offset) + "px";
      container.appendChild(card);
    });
  }

  function draw(step) {
    const frame = DATA.frames[step];
    const info = DATA.steps[step];
    const previous = step > 0 ? DATA.frames[step - 1] : null;
    const nextSeat = step + 1 < DATA.steps.length ? DATA.steps[step + 1].seat : 0;
    document.querySelectorAll("#hands .seat").forEach((box, i) => {
      const seat = i + 1;
      box.dataset.cards = frame.h[i];
      box.classList.toggle("turn", seat === nextSeat);
      /* The seat that just played: its hand as it was, the card played as a ghost. */
      const justPlayed = info.seat === seat;
      fan(box.querySelector(".fan"), cards(justPlayed ? previous.h[i] : frame.h[i]),
          justPlayed ? info.c : null);
    });

    const trick = document.getElementById("trick");
    trick.innerHTML = "";
    trick.dataset.cards = frame.t;
    trick.dataset.winner = String(frame.win);
    document.getElementById("trick-label").textContent =
      step < 2 ? "Trick" : "Trick " + (frame.n + (frame.win ? 0 : 1));
    cards(frame.t).forEach(play => {
      const [seat, name] = play.split(":");
      const box = el("div", "play" + (Number(seat) === frame.win ? " winner" : ""));
      box.appendChild(el("span", "", "seat " + seat));
      box.appendChild(cardEl(name, name === info.c ? "moved" : ""));
      box.appendChild(el("span", "tag", Number(seat) === frame.win ? "wins" :
        Number(seat) === frame.lead ? "led" : ""));
      trick.appendChild(box);
    });
    if (!frame.t) trick.appendChild(el("span", "count", step < 2 ? "" : "seat " + frame.lead + " to lead"));

    const widow = document.getElementById("widow");
    widow.innerHTML = "";
    const discarded = step >= 1 && DATA.contract === "frog";
    document.getElementById("widow-label").textContent = discarded ? "Discard (counts for the bidder)" :
      step >= 1 ? "Widow (counts for the bidder)" : "Widow";
    cards(discarded ? DATA.discard : DATA.widow).forEach(name => widow.appendChild(chipEl(name)));
    widow.dataset.cards = discarded ? DATA.discard : DATA.widow;

    const score = document.getElementById("score");
    score.dataset.bidder = String(frame.p[0]);
    score.dataset.defenders = String(frame.p[1]);
    score.innerHTML = "";
    const line = (label, points, cls) => {
      const box = el("div");
      box.appendChild(el("div", "", label + ": " + points + (cls ? "" : " of " + DATA.target + " needed")));
      const bar = el("div", "bar");
      const fill = el("div", "fill" + (cls ? " " + cls : ""));
      fill.style.width = (100 * points / 120) + "%";
      bar.appendChild(fill);
      if (!cls) {
        const mark = el("div", "mark");
        mark.style.left = (100 * DATA.target / 120) + "%";
        bar.appendChild(mark);
      }
      box.appendChild(bar);
      score.appendChild(box);
    };
    line("Bidder (seat " + DATA.bidder + ")", frame.p[0], "");
    line("Defenders", frame.p[1], "def");

    document.querySelectorAll("#list .trick").forEach(li =>
      li.classList.toggle("active", info.trick === Number(li.dataset.trick)));
    const caption = document.getElementById("caption");
    caption.innerHTML = "";
    if (info.c) {
      caption.appendChild(el("span", "", "Trick " + info.trick + ": seat " + info.seat + " " +
        info.verb + " "));
      caption.appendChild(chipEl(info.c));
      caption.appendChild(el("span", "", info.won));
      if (step === DATA.steps.length - 1 && DATA.result) caption.appendChild(el("b", "result", " " + DATA.result));
    } else {
      caption.textContent = step === 0 ?
        "The deal: three hands and the widow. Step with \u2190 \u2192, or press play." :
        info.d[0].toUpperCase() + info.d.slice(1) + ".";
    }
  }

  document.getElementById("table").dataset.trump = SUIT_WORD[DATA.trump];
  startReplay(DATA.steps.length - 1, draw, "step");
  window.addEventListener("resize", () => draw(Number(document.body.dataset.step)));
})();
