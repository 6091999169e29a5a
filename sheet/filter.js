// Filters the correction sheet by kind. The page reads and prints without it.
(function () {
  var box = document.getElementById('filter');
  var sel = document.getElementById('kind-filter');
  if (!box || !sel) return;
  box.hidden = false;
  var blocks = document.querySelectorAll('article.block');
  var count = document.getElementById('filter-count');
  function apply() {
    var k = sel.value, n = 0;
    for (var i = 0; i < blocks.length; i++) {
      var show = !k || (' ' + blocks[i].getAttribute('data-kinds') + ' ').indexOf(' ' + k + ' ') >= 0;
      blocks[i].hidden = !show;
      if (show) n++;
    }
    count.textContent = n + ' / ' + blocks.length;
  }
  sel.addEventListener('change', apply);
  apply();
})();
