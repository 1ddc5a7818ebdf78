// Starts a prerendered page's scripts once its HTML has been painted (the server adds this
// script in place of the entry's; see backend/infrastructure/http/prerender.ts): the reader sees
// the page first, and hydration follows. data-entry is the app's entry module, data-preload
// the modules it and the page's chunk import, fetched in parallel with it.
(function () {
  var script = document.currentScript;
  var entry = script.getAttribute('data-entry');
  var preload = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  requestAnimationFrame(function () {
    setTimeout(function () {
      preload.forEach(function (href) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      });
      import(entry);
    }, 0);
  });
})();
