/// The one page the web front end serves: HTML, CSS and script in one string, with no
/// external asset, so that it works offline and under a strict Content-Security-Policy.
///
/// The script reads the token from its own URL, listens to `/events` (each event the whole
/// state) and posts intents to `/intent`; a refusal shows the host's reason under the
/// screen. It keeps no state of the app's own: it draws what the last event says. The
/// password field is the browser's masked field; the state never holds the password, and a
/// password typed elsewhere shows as a fixed mask.
///
/// Element ids, for tests and people alike: `screen` (with `data-screen` and
/// `data-revision`), `email`, `password`, `login`, `code`, `submit`, `back`, `x-name`,
/// `o-name`, `play`, `logout`, `scoreboard`, `title`, `cell-R-C` (from 0), `play-again`,
/// `quit`, `alert`, `alert-title`, `alert-yes`, `alert-no`, `error`, `connection`.
enum Page {
  /// What the page may load and run: only itself, and requests to this server.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    + "connect-src 'self'; img-src data:; frame-ancestors 'none'; base-uri 'none'; "
    + "form-action 'none'"

  /// The page, as UTF-8.
  static let html = Array(text.utf8)

  private static let text = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <link rel="icon" href="data:,">
    <title>Tic-Tac-Toe</title>
    <style>
    :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
    body { max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }
    h1 { font-size: 1.4rem; } h2 { font-size: 1.15rem; }
    label { display: block; margin: .6rem 0 .2rem; }
    input { font-size: 1rem; padding: .3rem; width: 100%; box-sizing: border-box; }
    button { font-size: 1rem; padding: .35rem .9rem; margin: .6rem .4rem 0 0; }
    section[hidden], [hidden] { display: none !important; }
    #board { display: grid; grid-template-columns: repeat(3, 5rem); gap: 4px; margin: 1rem 0; }
    #board button { width: 5rem; height: 5rem; margin: 0; font-size: 2.4rem; font-weight: bold; }
    #board button.cursor { outline: 3px solid #e67e22; outline-offset: -3px; }
    #board button.x { color: #c0392b; } #board button.o { color: #2471a3; }
    #alert { border: 2px solid currentColor; padding: .6rem 1rem; margin: 1rem 0; }
    #error { color: #c0392b; min-height: 1.3rem; margin-top: 1rem; }
    #connection { font-size: .85rem; opacity: .7; }
    table { border-collapse: collapse; margin-top: .6rem; }
    td, th { padding: .15rem .8rem .15rem 0; text-align: left; }
    .busy { font-style: italic; }
    </style>
    </head>
    <body>
    <h1>Tic-Tac-Toe</h1>
    <div id="connection">connecting…</div>
    <div id="replay" hidden></div>
    <main id="screen" data-screen="" data-revision="">
    <section id="login-screen" hidden>
      <h2>Login</h2>
      <label for="email">Email</label>
      <input id="email" type="email" autocomplete="username">
      <label for="password">Password</label>
      <input id="password" type="password" autocomplete="current-password">
      <button id="login">Log in</button>
      <span id="login-busy" class="busy" hidden>Logging in…</span>
    </section>
    <section id="two-factor-screen" hidden>
      <h2>Two-factor authentication</h2>
      <label for="code">Code</label>
      <input id="code" inputmode="numeric" autocomplete="one-time-code">
      <button id="submit">Submit</button> <button id="back">Back</button>
      <span id="two-factor-busy" class="busy" hidden>Checking the code…</span>
    </section>
    <section id="new-game-screen" hidden>
      <h2>New game</h2>
      <label for="x-name">X player</label>
      <input id="x-name" autocomplete="off">
      <label for="o-name">O player</label>
      <input id="o-name" autocomplete="off">
      <button id="play">Let's play!</button> <button id="logout">Logout</button>
      <table id="scoreboard" hidden><thead><tr><th>Player</th><th>Wins</th></tr></thead>
      <tbody></tbody></table>
    </section>
    <section id="game-screen" hidden>
      <h2 id="title"></h2>
      <div id="board" role="grid"></div>
      <button id="play-again" hidden>Play again?</button> <button id="quit">Quit</button>
      <p>Keys: 1–9 place a mark (1 is the top left), arrows move, Enter or Space places.</p>
    </section>
    <div id="alert" role="alertdialog" hidden>
      <p id="alert-title"></p>
      <button id="alert-yes">OK</button> <button id="alert-no" hidden>Keep playing</button>
    </div>
    </main>
    <div id="error" role="status"></div>
    <script>
    "use strict";
    const token = new URLSearchParams(location.search).get("token") || "";
    const $ = (id) => document.getElementById(id);
    let state = null;
    let cursor = { row: 1, column: 1 };

    async function send(action, args) {
      const body = JSON.stringify(Object.assign({ action }, args || {}));
      try {
        const response = await fetch("/intent?token=" + encodeURIComponent(token), {
          method: "POST", headers: { "Content-Type": "application/json" }, body });
        $("error").textContent = response.ok ? "" : (await response.text()).trim();
      } catch (error) {
        $("error").textContent = "cannot reach the game: " + error.message;
      }
    }

    function field(input, value) {
      if (document.activeElement !== input && input.value !== value) input.value = value;
    }

    for (let row = 0; row < 3; row++) {
      for (let column = 0; column < 3; column++) {
        const cell = document.createElement("button");
        cell.id = "cell-" + row + "-" + column;
        cell.setAttribute("aria-label", "row " + (row + 1) + ", column " + (column + 1));
        cell.addEventListener("click", () => {
          cursor = { row, column };
          send("newGame.game.cellTapped", { row, column });
        });
        $("board").appendChild(cell);
      }
    }

    const bindings = [
      ["email", "login.view.binding.email"], ["password", "login.view.binding.password"],
      ["code", "login.twoFactor.view.binding.code"], ["x-name", "newGame.binding.xPlayerName"],
      ["o-name", "newGame.binding.oPlayerName"]];
    for (const [id, action] of bindings) {
      $(id).addEventListener("input", () => send(action, { value: $(id).value }));
    }
    const buttons = [
      ["login", "login.view.loginButtonTapped"], ["submit", "login.twoFactor.view.submitButtonTapped"],
      ["back", "login.twoFactor.dismiss"], ["play", "newGame.letsPlayButtonTapped"],
      ["logout", "newGame.logoutButtonTapped"], ["play-again", "newGame.game.playAgainButtonTapped"],
      ["quit", "newGame.game.quitButtonTapped"]];
    for (const [id, action] of buttons) $(id).addEventListener("click", () => send(action));
    $("alert-yes").addEventListener("click", () => send(alertActions()[0]));
    $("alert-no").addEventListener("click", () => send(alertActions()[1]));
    for (const id of ["email", "password"]) {
      $(id).addEventListener("keydown", (e) => { if (e.key === "Enter") send("login.view.loginButtonTapped"); });
    }
    $("code").addEventListener("keydown", (e) => { if (e.key === "Enter") send("login.twoFactor.view.submitButtonTapped"); });
    for (const id of ["x-name", "o-name"]) {
      $(id).addEventListener("keydown", (e) => { if (e.key === "Enter") send("newGame.letsPlayButtonTapped"); });
    }

    function alertActions() {
      switch (state && state.screen) {
        case "login": return ["login.alert.dismiss"];
        case "twoFactor": return ["login.twoFactor.alert.dismiss"];
        case "game": return ["newGame.game.alert.confirmQuitButtonTapped", "newGame.game.alert.dismiss"];
        default: return [];
      }
    }

    document.addEventListener("keydown", (event) => {
      if (!state || state.screen !== "game" || event.target.tagName === "INPUT") return;
      const game = shown();
      if (game.alert_title != null) {
        if (event.key === "Escape") send("newGame.game.alert.dismiss");
        return;
      }
      const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
      if (event.key >= "1" && event.key <= "9") {
        const index = Number(event.key) - 1;
        cursor = { row: Math.floor(index / 3), column: index % 3 };
        send("newGame.game.cellTapped", cursor);
      } else if (moves[event.key]) {
        const [dr, dc] = moves[event.key];
        cursor = { row: (cursor.row + dr + 3) % 3, column: (cursor.column + dc + 3) % 3 };
        draw();
      } else if (event.key === "Enter" || event.key === " ") {
        send("newGame.game.cellTapped", cursor);
      } else if (event.key === "Escape" || event.key === "q") {
        send("newGame.game.quitButtonTapped");
      } else {
        return;
      }
      event.preventDefault();
    });

    // The object of the screen on top: the one named state.screen, found under the screens
    // that present it ({"newGame":{..."game":{...}}}).
    function shown() {
      const find = (object) => {
        if (object == null || typeof object !== "object" || Array.isArray(object)) return null;
        if (object[state.screen] != null) return object[state.screen];
        for (const value of Object.values(object)) {
          const found = find(value);
          if (found != null) return found;
        }
        return null;
      };
      return find(state.state) || {};
    }

    function draw() {
      const screen = state.screen;
      $("screen").dataset.screen = screen;
      $("screen").dataset.revision = String(state.revision);
      const sections = { login: "login-screen", twoFactor: "two-factor-screen",
        newGame: "new-game-screen", game: "game-screen" };
      for (const [name, id] of Object.entries(sections)) $(id).hidden = name !== screen;
      $("replay").hidden = !state.replay;
      if (state.replay) $("replay").textContent = state.replay;
      let alert = null;
      const top = shown();
      if (screen === "login") {
        const login = top;
        field($("email"), login.email);
        // The password never reaches the page: a fixed mask stands for one typed elsewhere.
        if (login.password_length === 0) field($("password"), "");
        $("password").placeholder = login.password_length > 0 && $("password").value === "" ? "********" : "";
        $("email").disabled = $("password").disabled = login.is_form_disabled;
        $("login").disabled = !login.is_login_button_enabled;
        $("login-busy").hidden = !login.is_activity_indicator_visible;
        alert = login.alert_title;
      } else if (screen === "twoFactor") {
        const twoFactor = top;
        field($("code"), twoFactor.code);
        $("code").disabled = twoFactor.is_form_disabled;
        $("submit").disabled = !twoFactor.is_submit_button_enabled;
        $("two-factor-busy").hidden = !twoFactor.is_activity_indicator_visible;
        alert = twoFactor.alert_title;
      } else if (screen === "newGame") {
        const newGame = top;
        field($("x-name"), newGame.x_player_name);
        field($("o-name"), newGame.o_player_name);
        $("play").disabled = !newGame.is_lets_play_button_enabled;
        const rows = newGame.standings.map((s) => [s.name, s.wins]);
        if (newGame.ties > 0) rows.push(["Ties", newGame.ties]);
        $("scoreboard").hidden = rows.length === 0;
        const body = $("scoreboard").tBodies[0];
        body.replaceChildren(...rows.map(([name, count]) => {
          const tr = document.createElement("tr");
          for (const text of [name, String(count)]) {
            const td = document.createElement("td");
            td.textContent = text;
            tr.appendChild(td);
          }
          return tr;
        }));
      } else if (screen === "game") {
        const game = top;
        $("title").textContent = game.title;
        game.board.forEach((cells, row) => cells.forEach((mark, column) => {
          const cell = $("cell-" + row + "-" + column);
          cell.textContent = mark == null ? "" : mark.toUpperCase();
          cell.className = mark == null ? "" : mark;
          cell.disabled = game.is_board_disabled || game.alert_title != null;
          if (row === cursor.row && column === cursor.column && !cell.disabled) cell.classList.add("cursor");
        }));
        $("play-again").hidden = !game.is_play_again_button_visible;
        alert = game.alert_title;
      }
      $("alert").hidden = alert == null;
      if (alert != null) {
        $("alert-title").textContent = alert;
        const confirms = screen === "game";
        $("alert-yes").textContent = confirms ? "Quit" : "OK";
        $("alert-no").hidden = !confirms;
      }
    }

    function connect() {
      const events = new EventSource("/events?token=" + encodeURIComponent(token));
      events.onopen = () => { $("connection").textContent = "live"; };
      events.onmessage = (event) => { state = JSON.parse(event.data); draw(); };
      events.onerror = () => {
        // The browser retries by itself while the stream is CONNECTING; a CLOSED one is retried here.
        if (events.readyState === EventSource.CLOSED) {
          $("connection").textContent = "disconnected: is tictactoe still running? Retrying…";
          setTimeout(connect, 2000);
        } else {
          $("connection").textContent = "reconnecting…";
        }
      };
    }
    connect();
    </script>
    </body>
    </html>
    """#
}
