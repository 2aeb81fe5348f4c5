// Put inline into index.html's <head> by the build. The first use of Intl in a page loads the browser's ICU data:
// 60-120 ms of main thread here, 4 times that on a slow phone. Paid in tasks of its own after the document is parsed,
// while the app's code is still downloading, it is not paid inside the first render that formats a price or a date
// (lib/format.ts builds its own formatters, then in a few ms). Numbers and dates load different data: two tasks, so
// that neither holds the page for long.
setTimeout(() => {
  try {
    new Intl.NumberFormat().format(1);
    setTimeout(() => new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }).format(0));
  } catch {
    // No Intl to warm.
  }
});
