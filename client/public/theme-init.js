// Runs before first paint (see index.html), so it is the page's only script from the first moment.
(() => {
  const root = document.documentElement;
  // Apply the stored theme so a dark-mode user never sees a white flash.
  let theme = 'system';
  try {
    const stored = localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark' || stored === 'system') theme = stored;
    // Someone signed in on the last visit: the header's account area, while the session check is
    // out, shows the account's placeholder rather than Log In and Sign Up (app/account-menu.tsx).
    if (localStorage.getItem('crewbase-member') === '1') root.dataset.member = '';
  } catch {}
  const dark = theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  // A server-rendered page's buttons show before the app has started and have no handler yet: the
  // last tap on one marked data-early-tap is kept as <html data-kept-tap>, and the app acts on it
  // once ready (src/lib/early-taps.ts). A tap elsewhere, or any tap once the app is ready, drops it.
  document.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest('[data-early-tap]') : null;
      if (control && !root.hasAttribute('data-app-ready'))
        root.dataset.keptTap = control.getAttribute('data-early-tap');
      else delete root.dataset.keptTap;
    },
    true,
  );
})();
