// Builds the whole sidebar from _sitegen/nav.js: each page's HTML carries only its own branch, so
// 10,000 pages do not carry 10,000 copies of the full tree, and in that branch a list of more than
// 25 entries holding the current page shows only 21 of them around it, with "... N earlier" and
// "... N more" items (li.nav-more) linking to the nearest hidden entries. This script replaces that
// list with the full tree, hidden entries included; without JavaScript the trimmed branch remains.
(function () {
  var tree = window.sitegenNav;
  var nav = document.querySelector("nav.nav[data-page]");
  var list = nav && nav.querySelector(":scope > .nav-list");
  if (!tree || !list) return;
  var root = nav.getAttribute("data-root") || "";
  var page = nav.getAttribute("data-page");

  // Paths in the tree are URLs (percent-encoded, `./` before a first segment with a `:`), while
  // data-page is the plain path: compare them decoded.
  function isPage(path) {
    if (path === null) return false;
    try {
      return decodeURIComponent(path.replace(/^\.\//, "")) === page;
    } catch (error) {
      return false;
    }
  }

  function holds(item) {
    if (isPage(item[1])) return true;
    var children = item[2] || [];
    for (var i = 0; i < children.length; i++) if (holds(children[i])) return true;
    return false;
  }

  function link(item) {
    var element = document.createElement(item[1] === null ? "span" : "a");
    if (item[1] === null) element.className = "nav-section";
    else element.href = root + item[1];
    if (isPage(item[1])) element.setAttribute("aria-current", "page");
    element.textContent = item[0];
    return element;
  }

  function build(items) {
    var ul = document.createElement("ul");
    ul.className = "nav-list";
    items.forEach(function (item) {
      var li = document.createElement("li");
      var open = holds(item);
      if (open) li.className = "is-open";
      if (item[2] && item[2].length) {
        // The section's link and, beside it, a button that shows or hides its pages: two controls
        // side by side, not a link inside a toggle. A closed section's list is made when opened.
        var row = document.createElement("div");
        row.className = "nav-row";
        row.appendChild(link(item));
        var toggle = document.createElement("button");
        toggle.type = "button";
        toggle.className = "nav-expand";
        toggle.setAttribute("aria-label", item[0]);
        toggle.setAttribute("aria-expanded", open ? "true" : "false");
        row.appendChild(toggle);
        li.appendChild(row);
        var pages = open ? li.appendChild(build(item[2])) : null;
        toggle.addEventListener("click", function () {
          var expanded = toggle.getAttribute("aria-expanded") !== "true";
          if (expanded && !pages) pages = li.appendChild(build(item[2]));
          if (pages) pages.hidden = !expanded;
          toggle.setAttribute("aria-expanded", expanded ? "true" : "false");
        });
      } else {
        li.appendChild(link(item));
      }
      ul.appendChild(li);
    });
    return ul;
  }

  list.replaceWith(build(tree));

  // On narrow screens the menu opens by a checkbox, which works without scripts but is announced
  // as one: with scripts it is a button that says whether the menu is open.
  var checkbox = document.getElementById("sg-nav-toggle");
  var label = checkbox && document.querySelector('label[for="sg-nav-toggle"]');
  if (label) {
    var menu = document.createElement("button");
    menu.type = "button";
    menu.className = label.className;
    menu.textContent = label.textContent;
    if (!nav.id) nav.id = "sg-nav";
    menu.setAttribute("aria-controls", nav.id);
    menu.setAttribute("aria-expanded", checkbox.checked ? "true" : "false");
    menu.addEventListener("click", function () {
      checkbox.checked = !checkbox.checked;
      menu.setAttribute("aria-expanded", checkbox.checked ? "true" : "false");
    });
    checkbox.tabIndex = -1;
    checkbox.setAttribute("aria-hidden", "true");
    label.replaceWith(menu);
  }

  // A code block or table wider than the page scrolls sideways: focusable, so that a keyboard can
  // scroll it too (WebKit does not make scrolling boxes focusable on its own).
  var wide = document.querySelectorAll(".content pre, .content table");
  for (var i = 0; i < wide.length; i++) {
    if (wide[i].scrollWidth > wide[i].clientWidth && !wide[i].hasAttribute("tabindex")) wide[i].tabIndex = 0;
  }

  // In a sidebar that scrolls on its own (wide screens), bring the current page into view; the
  // page itself never scrolls for it (on narrow screens the sidebar does not scroll).
  var sidebar = nav.closest(".sidebar");
  var current = nav.querySelector('[aria-current="page"]');
  if (sidebar && current && sidebar.scrollHeight > sidebar.clientHeight) {
    var offset = current.getBoundingClientRect().top - sidebar.getBoundingClientRect().top;
    if (offset > sidebar.clientHeight - 48) sidebar.scrollTop += offset - sidebar.clientHeight / 3;
  }
})();
