// Starts a prerendered page's scripts once its HTML has been painted (the server adds this
// script in place of the entry's; see backend/infrastructure/http/prerender.ts): the reader sees
// the page first, and hydration follows. data-entry is the app's entry module, data-preload
// the modules it and the page's chunk import, fetched in parallel with it.
//
// With data-await-reach (a member's page the server drew for them, contracts/page-routes.ts
// `memberPrerenderedPages`), the modules are preloaded after the first frame as ever, but the app
// starts when the member first reaches for the page (a pointer, a touch, focus, a key, a scroll),
// so reading the page runs no React. A button clicked before the app is live is held and clicked
// again once it is (the app says so with the `skilly:live` event, lib/prerender.ts); a link is
// followed as the HTML has it. `html[data-app-ready]` marks the page ready to wake, as the
// islands of a visitor's page do.
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var preload = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  var awaitReach = script.hasAttribute('data-await-reach');
  var REACHING_FOR_IT = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'scroll', 'wheel'];
  var LIVE_EVENT = 'skilly:live';

  function awaitTheMember() {
    var live = false;
    var started = false;
    var held = null;
    var start = function () {
      if (started) return;
      started = true;
      REACHING_FOR_IT.forEach(function (type) {
        window.removeEventListener(type, start, true);
      });
      import(entry);
    };
    // The held button is pressed once React has taken it over (React keeps its props on each
    // element it has hydrated), or after 5 s, whichever comes first. A part of the page in a lazy
    // boundary of its own (the account menu) may still be hydrating when the page is live, or
    // may be drawn anew by React: the button is then found again where it stood, by the same
    // name.
    var hydratedByReact = function (element) {
      return Object.keys(element).some(function (key) {
        return key.indexOf('__reactProps$') === 0;
      });
    };
    var placeOf = function (element) {
      var place = [];
      for (var node = element; node && node !== document.body; node = node.parentElement) {
        place.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
      }
      return { place: place, tag: element.tagName, name: element.getAttribute('aria-label') || element.textContent };
    };
    var foundAgain = function (held) {
      if (held.element.isConnected) return held.element;
      var node = document.body;
      for (var i = 0; node && i < held.where.place.length; i += 1) node = node.children[held.where.place[i]];
      var same = node && node.tagName === held.where.tag && (node.getAttribute('aria-label') || node.textContent) === held.where.name;
      return same ? node : null;
    };
    var pressWhenHydrated = function (held, since) {
      var button = foundAgain(held);
      if (button && (hydratedByReact(button) || Date.now() - since > 5000)) button.click();
      else if (Date.now() - since <= 5000) requestAnimationFrame(function () {
        pressWhenHydrated(held, since);
      });
    };
    document.addEventListener(LIVE_EVENT, function () {
      live = true;
      document.removeEventListener('click', holdClick, true);
      if (held) pressWhenHydrated(held, Date.now());
      held = null;
    });
    var holdClick = function (event) {
      if (live) return;
      var target = event.target;
      var button = target && target.closest ? target.closest('button, [role="button"], summary, input[type="submit"]') : null;
      if (!button) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held = { element: button, where: placeOf(button) };
      start();
    };
    document.addEventListener('click', holdClick, true);
    REACHING_FOR_IT.forEach(function (type) {
      window.addEventListener(type, start, { capture: true, passive: true });
    });
    document.documentElement.dataset.appReady = 'true';
  }

  requestAnimationFrame(function () {
    setTimeout(function () {
      preload.forEach(function (href) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      });
      if (awaitReach) awaitTheMember();
      else import(entry);
    }, 0);
  });
})();
