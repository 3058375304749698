// The home page: start a game, import a game file, delete a game.
"use strict";
(() => {
  const form = document.getElementById("new-game");
  const kind = document.getElementById("kind");
  const showSetup = () => {
    for (const fieldset of form.querySelectorAll("fieldset.setup")) {
      fieldset.hidden = fieldset.dataset.kind !== kind.value;
    }
  };
  kind.addEventListener("change", showSetup);
  showSetup();

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const fieldset = form.querySelector(`fieldset[data-kind="${kind.value}"]`);
    const setup = {};
    for (const group of fieldset.querySelectorAll(".players")) {
      setup[group.dataset.name] = [...group.querySelectorAll("input.player")]
        .map((input) => input.value.trim()).filter((name) => name);
    }
    for (const input of fieldset.querySelectorAll("[data-type]")) {
      if (input.value === "") continue;
      setup[input.dataset.name] = input.dataset.type === "int" ? Number(input.value) : input.value;
    }
    try {
      const game = await ZT.send("POST", "/api/games", { kind: kind.value, setup });
      location.href = `/games/${game.id}`;
    } catch (error) {
      ZT.fail(error);
    }
  });

  document.getElementById("import-file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    try {
      const data = JSON.parse(await file.text());
      if (data.format === "zombie-table/history") {
        const done = await ZT.send("POST", "/api/history/import", data);
        ZT.toast(`${done.imported.length} imported, ${done.skipped.length} already here` +
          (done.refused.length ? `, ${done.refused.length} refused` : ""));
        setTimeout(() => location.reload(), 1500);
        return;
      }
      const game = await ZT.send("POST", "/api/games/import", data);
      location.href = `/games/${game.id}`;
    } catch (error) {
      ZT.fail(error);
    }
  });

  for (const button of document.querySelectorAll("button.delete-game")) {
    button.addEventListener("click", async () => {
      const sure = await ZT.confirm(
        `Delete ${button.dataset.title} for good? Its whole log goes; other games stay.`,
        "Delete", "Keep it");
      if (!sure) return;
      try {
        await ZT.send("DELETE", `/api/games/${button.dataset.id}`);
        location.reload();
      } catch (error) {
        ZT.fail(error);
      }
    });
  }
})();
