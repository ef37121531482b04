// Runs before the app's modules, as a file rather than inline script so the Content-Security-Policy can
// forbid inline script and eval altogether.

// Zod compiles fast parsers with `new Function` after probing for it; under the CSP that probe is reported
// as a violation on every page. Zod reads this global when it loads, which is why it is set here, first.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

// Apply the stored theme before first paint so dark mode does not flash.
try {
  var t = localStorage.getItem('theme') || 'system';
  var dark = t === 'dark' || (t === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
} catch {
  // storage blocked: the app applies the theme once it starts
}
