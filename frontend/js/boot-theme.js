// The colour scheme before the first paint: a classic script in <head>, run before
// the page is drawn, so a dark system (or a kept "dark") never shows the light page
// while the modules load. js/theme.js owns the switch and later changes.
(() => {
  let kept = null;
  try { kept = localStorage.getItem('dominion.theme'); } catch (e) { /* storage off: auto */ }
  const dark = kept === 'dark' || (kept !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
})();
