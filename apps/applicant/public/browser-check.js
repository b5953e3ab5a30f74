/* GradApply: ask users of browsers that cannot run the app to use Chrome.
   Written in ES3 on purpose so that old browsers can parse it. */
(function () {
  var w = window;
  var d = document;
  var ok = true;
  try {
    var s = d.createElement('script');
    ok =
      'noModule' in s &&
      typeof w.fetch === 'function' &&
      typeof w.Promise === 'function' &&
      typeof w.Symbol === 'function' &&
      typeof w.Map === 'function' &&
      typeof w.URLSearchParams === 'function' &&
      typeof w.IntersectionObserver === 'function' &&
      !!w.customElements &&
      typeof Object.assign === 'function';
  } catch (e) {
    ok = false;
  }
  if (ok) return;
  var msg =
    '이 브라우저에서는 GradApply를 이용할 수 없습니다. 최신 Chrome 브라우저를 사용해 주세요.\n' +
    'This browser cannot run GradApply. Please use the latest version of Chrome.';
  w.__gradapplyUnsupported = true;
  try {
    w.alert(msg);
  } catch (e) {
    /* ignore */
  }
})();
