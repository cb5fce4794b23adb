/* The replay pages' embedded data and step controls (cards.js draws the cards). */
const DATA = JSON.parse(document.getElementById("replay-data").textContent);

/* Step controls: buttons, arrow keys, slider, play at a chosen speed. `draw(step)` draws
   the position after `step` moves; list entries with data-step jump there when clicked. */
function startReplay(steps, draw, unit) {
  const slider = document.getElementById("slider");
  const playButton = document.getElementById("play");
  const speed = document.getElementById("speed");
  const counter = document.getElementById("counter");
  const playIcon = playButton.innerHTML;
  const pauseIcon = '<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">' +
    '<path d="M3 2h4v12H3zM9 2h4v12H9z" fill="currentColor"/></svg>';
  let step = 0, timer = null;
  slider.max = String(steps);

  function go(target) {
    step = Math.max(0, Math.min(steps, target));
    slider.value = String(step);
    counter.textContent = (unit || "move") + " " + step + " of " + steps;
    document.body.dataset.step = String(step);
    draw(step);
    document.querySelectorAll("#list .current").forEach(n => n.classList.remove("current"));
    const rows = document.querySelectorAll('#list [data-step="' + step + '"]:not(.illegal)');
    rows.forEach(row => row.classList.add("current"));
    if (rows.length) rows[0].scrollIntoView({ block: "nearest" });
  }
  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    playButton.classList.remove("playing");
    playButton.innerHTML = playIcon;
  }
  function play() {
    if (step >= steps) go(0);
    playButton.classList.add("playing");
    playButton.innerHTML = pauseIcon;
    timer = setInterval(() => { if (step >= steps) stop(); else go(step + 1); },
                        1000 / Number(speed.value));
  }
  document.getElementById("first").onclick = () => { stop(); go(0); };
  document.getElementById("prev").onclick = () => { stop(); go(step - 1); };
  document.getElementById("next").onclick = () => { stop(); go(step + 1); };
  document.getElementById("last").onclick = () => { stop(); go(steps); };
  playButton.onclick = () => (timer ? stop() : play());
  speed.onchange = () => { if (timer) { stop(); play(); } };
  slider.oninput = () => { stop(); go(Number(slider.value)); };
  document.getElementById("list").addEventListener("click", event => {
    const row = event.target.closest("[data-step]");
    if (row) { stop(); go(Number(row.dataset.step)); }
  });
  document.addEventListener("keydown", event => {
    if (event.target === slider || event.target === speed) return;  /* their own keys */
    if (event.target.tagName === "BUTTON" && (event.key === " " || event.key === "Enter")) return;
    const keys = { ArrowRight: step + 1, ArrowDown: step + 1, ArrowLeft: step - 1,
                   ArrowUp: step - 1, Home: 0, End: steps };
    if (event.key in keys) { stop(); go(keys[event.key]); event.preventDefault(); }
    else if (event.key === " ") { timer ? stop() : play(); event.preventDefault(); }
  });
  go(0);
}
