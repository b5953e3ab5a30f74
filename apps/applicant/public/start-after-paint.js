/* GradApply: starts the app on the prerendered home page (scripts/prerender.mjs)
   after the browser has painted it from its HTML, so that the first paint never
   waits for the app's code to be fetched and run. The entry and the modules it
   imports are named by data-entry and data-preload. ES5, like browser-check.js. */
(function () {
  var d = document;
  var me = d.currentScript;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var hrefs = (me.getAttribute('data-preload') || '').split(' ');
    for (var i = 0; i < hrefs.length; i++) {
      if (!hrefs[i]) continue;
      var link = d.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = hrefs[i];
      d.head.appendChild(link);
    }
    var script = d.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = me.getAttribute('data-entry');
    d.head.appendChild(script);
  }
  // A frame callback runs just before the paint; a task queued from it runs after.
  window.requestAnimationFrame(function () {
    window.setTimeout(start, 0);
  });
  // A tab opened in the background paints no frame: start anyway.
  window.setTimeout(start, 1000);
})();
