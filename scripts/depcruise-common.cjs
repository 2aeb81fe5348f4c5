// What every dependency-cruiser config of the repository shares (decision 127): server, web and packages alike.

/** No import cycles anywhere. */
const noCircular = {
  name: "no-circular",
  comment: "No import cycles: move what two files share down into a third that both import.",
  severity: "error",
  from: {},
  to: { circular: true },
};

module.exports = { noCircular };
