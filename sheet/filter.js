// Filters the correction sheet by kind and sorts tables by a column. The
// page reads and prints without it.
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
// Sorts a table of class "sortable" by the column whose header is clicked
// (numbers as numbers, in either language's digits).
(function () {
  var tables = document.querySelectorAll('table.sortable');
  function key(cell) {
    var t = cell.textContent.trim();
    var n = Number(t.replace(/[.,\s](?=\d{3}\b)/g, '').replace(',', '.'));
    return isNaN(n) || t === '' ? t.toLowerCase() : n;
  }
  for (var i = 0; i < tables.length; i++) {
    (function (table) {
      var heads = table.querySelectorAll('thead th');
      for (var c = 0; c < heads.length; c++) {
        (function (col, th) {
          th.style.cursor = 'pointer';
          th.addEventListener('click', function () {
            var body = table.tBodies[0];
            var rows = Array.prototype.slice.call(body.rows);
            var asc = th.getAttribute('data-sort') !== 'asc';
            rows.sort(function (a, b) {
              var x = key(a.cells[col]), y = key(b.cells[col]);
              if (typeof x !== typeof y) { x = String(x); y = String(y); }
              return (x < y ? -1 : x > y ? 1 : 0) * (asc ? 1 : -1);
            });
            for (var r = 0; r < rows.length; r++) body.appendChild(rows[r]);
            for (var h = 0; h < heads.length; h++) heads[h].removeAttribute('data-sort');
            th.setAttribute('data-sort', asc ? 'asc' : 'desc');
          });
        })(c, heads[c]);
      }
    })(tables[i]);
  }
})();
