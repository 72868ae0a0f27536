/// The page of `ledgerc serve`: HTML that carries the launch token, and a
/// script and a style sheet compiled into the binary (no CDN, font or
/// script from elsewhere; no inline script, so the CSP forbids it). Every
/// text from the journal reaches the DOM through `textContent`, never as markup.
enum ServePage {
    static let contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; "
        + "object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

    /// The page; `language` nil lets the browser's language choose.
    static func html(token: String, language: Language?, readOnly: Bool, list: String = "") -> String {
        let lang = language?.rawValue ?? "auto"
        return """
        <!DOCTYPE html>
        <html lang="\(language?.rawValue ?? "ko")" data-lang="\(lang)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="ledgerc-token" content="\(htmlEscaped(token))">
        <meta name="ledgerc-read-only" content="\(readOnly ? "1" : "0")">
        <title>ledgerc</title>
        <link rel="stylesheet" href="/app.css">
        <script src="/app.js" defer></script>
        </head>
        <body>
        <header><h1>ledgerc</h1>
        <nav><button type="button" data-view="list" class="on" data-t="transactions">Transactions</button><button type="button" data-view="month" data-t="month">Month</button><button type="button" data-view="import" data-t="import">Import</button></nav>
        </header>
        <main>
        <section id="view-list">
        <form id="entry" autocomplete="off">
        <h2 id="entry-title" data-t="add">Add</h2>
        <div class="row"><label><span data-t="date">Date</span><input type="date" name="date" required></label>
        <label class="grow"><span data-t="payee">Payee</span><input name="description" required list="" aria-autocomplete="list"></label></div>
        <ul id="suggestions" class="suggestions" hidden></ul>
        <div id="postings"></div>
        <div class="row"><button type="button" id="add-posting" data-t="addPosting">+ Posting</button>
        <label class="grow"><span data-t="comment">Memo</span><input name="comment"></label></div>
        <div class="row"><label><span data-t="receipt">Receipt</span><input type="file" name="receipt" accept="image/*,application/pdf" capture="environment"></label>
        <label><span data-t="status">Status</span><select name="status"><option value=""></option><option value="cleared">*</option><option value="pending">!</option></select></label></div>
        <p id="entry-error" class="error" role="alert" hidden></p>
        <div class="row"><button type="submit" id="save" data-t="save">Save</button><button type="button" id="cancel" data-t="cancel" hidden>Cancel</button><button type="button" id="delete" class="danger" data-t="delete" hidden>Delete</button></div>
        </form>
        <form id="filter" class="row"><input name="query" data-tp="filterHint" placeholder="filter"><button type="submit" data-t="search">Search</button></form>
        <p id="count" class="muted"></p>
        <ul id="transactions" class="transactions">\(list)</ul>
        <button type="button" id="more" hidden data-t="more">More</button>
        </section>
        <section id="view-month" hidden>
        <div class="row"><input type="month" id="month-picker"></div>
        <div id="month"></div>
        </section>
        <section id="view-import" hidden>
        <form id="import-form" class="row">
        <label><span data-t="statement">Statement</span><input type="file" name="statement" required></label>
        <label><span data-t="rules">Rules file</span><input name="rules" required placeholder="kb-bank.rules"></label>
        <label><span data-t="password">Password</span><input type="password" name="password" autocomplete="off"></label>
        <button type="submit" data-t="preview">Preview</button>
        </form>
        <p id="import-error" class="error" role="alert" hidden></p>
        <div id="import-rows"></div>
        </section>
        </main>
        </body>
        </html>

        """
    }

    /// A static asset with its type.
    static func asset(_ text: String, type: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", type), ("Cache-Control", "no-cache")], body: Array(text.utf8))
    }

    static let style = """
    :root{--bg:#fff;--fg:#1b1b1b;--muted:#5f6368;--line:#d0d4d9;--accent:#1a73e8;--bad:#b00020;--card:#f6f7f9;color-scheme:light dark}
    @media (prefers-color-scheme:dark){:root{--bg:#16181c;--fg:#e8eaed;--muted:#a0a6ad;--line:#3a3f45;--accent:#8ab4f8;--bad:#ff7b8a;--card:#1f2329}}
    *{box-sizing:border-box}
    html,body{margin:0;background:var(--bg);color:var(--fg);max-width:100%;overflow-x:hidden}
    body{font:15px/1.45 system-ui,-apple-system,"Segoe UI","Noto Sans KR","Apple SD Gothic Neo","Malgun Gothic",sans-serif;word-break:keep-all;overflow-wrap:anywhere}
    header,main{max-width:760px;margin:0 auto;padding:0 12px}
    h1{font-size:1.2rem;margin:12px 0 4px}h2{font-size:1.05rem;margin:8px 0}
    nav{display:flex;gap:6px;flex-wrap:wrap}nav button.on{background:var(--accent);color:var(--bg)}
    button,input,select{font:inherit;color:inherit;background:var(--card);border:1px solid var(--line);border-radius:6px;padding:6px 8px;min-width:0;max-width:100%}
    button{cursor:pointer}button.danger{color:var(--bad)}
    form{margin:8px 0}label{display:flex;flex-direction:column;font-size:.85rem;color:var(--muted);min-width:0}
    label input,label select{color:var(--fg)}
    .row{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end;margin:6px 0}.grow{flex:1 1 140px}
    .posting{display:flex;gap:6px;margin:4px 0}.posting input{flex:1 1 0}.posting .amount{flex:0 1 38%;text-align:right}
    .suggestions{list-style:none;margin:0;padding:0;border:1px solid var(--line);border-radius:6px;max-height:200px;overflow-y:auto}
    .suggestions li{padding:6px 8px;cursor:pointer}.suggestions li:hover,.suggestions li.on{background:var(--card)}
    .transactions{list-style:none;margin:0;padding:0}
    .transactions li{border-bottom:1px solid var(--line);padding:8px 2px;cursor:pointer}
    .transactions .head{display:flex;justify-content:space-between;gap:8px}.transactions .desc{font-weight:600;min-width:0}
    .transactions .posting-line{display:flex;justify-content:space-between;gap:8px;color:var(--muted);font-size:.85rem}
    .amount{font-variant-numeric:tabular-nums;white-space:nowrap}
    .muted{color:var(--muted)}.error{color:var(--bad)}
    .cards{display:flex;flex-wrap:wrap;gap:8px}.card{background:var(--card);border-radius:8px;padding:8px 10px;flex:1 1 140px}
    .card b{display:block;font-size:1.05rem}
    table{border-collapse:collapse;width:100%;table-layout:fixed}td,th{padding:4px;border-bottom:1px solid var(--line);text-align:left;overflow-wrap:anywhere}
    td.num{text-align:right}
    """

    static let script = """
    'use strict';
    const T = {
      en: {transactions:'Transactions', month:'Month', import:'Import', add:'Add', edit:'Edit', date:'Date', payee:'Payee',
        addPosting:'+ Posting', comment:'Memo', receipt:'Receipt', status:'Status', save:'Save', cancel:'Cancel', delete:'Delete',
        search:'Search', more:'More', statement:'Statement', rules:'Rules file', password:'Password', preview:'Preview',
        account:'Account', amount:'Amount', filterHint:'filter: payee:이마트 date:2025-03', count:'{n} transactions',
        income:'Income', expenses:'Expenses', net:'Net', savings:'Savings rate', categories:'Spending by category', budget:'Budget',
        cards:'Card bills', due:'due', installments:'installments', accept:'Add the chosen rows', recorded:'already recorded',
        stale:'The journal changed meanwhile; the list is reloaded. Try again.', confirmDelete:'Delete this transaction?', added:'Added {n} transactions.'},
      ko: {transactions:'거래', month:'이달', import:'가져오기', add:'추가', edit:'수정', date:'날짜', payee:'거래처',
        addPosting:'+ 포스팅', comment:'메모', receipt:'영수증', status:'상태', save:'저장', cancel:'취소', delete:'삭제',
        search:'찾기', more:'더 보기', statement:'명세서', rules:'규칙 파일', password:'암호', preview:'미리 보기',
        account:'계정', amount:'금액', filterHint:'필터: payee:이마트 date:2025-03', count:'거래 {n}건',
        income:'수입', expenses:'지출', net:'순수입', savings:'저축률', categories:'분류별 지출', budget:'예산',
        cards:'카드 결제', due:'결제일', installments:'할부', accept:'고른 행 추가', recorded:'이미 기록됨',
        stale:'그사이 장부가 바뀌어 목록을 다시 불러왔습니다. 다시 시도하세요.', confirmDelete:'이 거래를 삭제할까요?', added:'거래 {n}건을 추가했습니다.'}
    };
    const root = document.documentElement;
    const lang = root.dataset.lang === 'auto' ? ((navigator.language || 'en').toLowerCase().startsWith('ko') ? 'ko' : 'en') : root.dataset.lang;
    root.lang = lang;
    const t = (k, n) => (T[lang][k] || T.en[k] || k).replace('{n}', n);
    const token = document.querySelector('meta[name="ledgerc-token"]').content;
    const readOnly = document.querySelector('meta[name="ledgerc-read-only"]').content === '1';
    const $ = (s) => document.querySelector(s);
    const el = (tag, cls, text) => { const e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; };
    for (const e of document.querySelectorAll('[data-t]')) e.textContent = t(e.dataset.t);
    for (const e of document.querySelectorAll('[data-tp]')) e.placeholder = t(e.dataset.tp);

    async function api(method, path, body, headers) {
      const h = Object.assign({'X-Ledgerc-Token': token}, headers || {});
      let payload = body;
      if (body !== undefined && !(body instanceof Blob)) { h['Content-Type'] = 'application/json'; payload = JSON.stringify(body); }
      const r = await fetch(path, {method, headers: h, body: payload});
      let data = {};
      try { data = await r.json(); } catch (e) {}
      return {status: r.status, data};
    }

    // 초성: the first consonant of each Hangul syllable, so ㅇㅁ finds 이마트.
    const CHO = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
    function initials(s) {
      let out = '';
      for (const ch of s) { const c = ch.codePointAt(0); out += (c >= 0xAC00 && c <= 0xD7A3) ? CHO[Math.floor((c - 0xAC00) / 588)] : ch.toLowerCase(); }
      return out;
    }
    function matches(name, typed) {
      const q = typed.trim().toLowerCase();
      if (!q) return false;
      return name.toLowerCase().includes(q) || initials(name).includes(q);
    }

    let payees = [], accounts = [], editing = null, offset = 0;
    const form = $('#entry');
    function today() { const d = new Date(); d.setMinutes(d.getMinutes() - d.getTimezoneOffset()); return d.toISOString().slice(0, 10); }
    function postingRow(p) {
      const row = el('div', 'posting');
      const a = el('input'); a.name = 'account'; a.placeholder = t('account'); a.value = (p && p.account) || ''; a.setAttribute('list', 'accounts');
      const m = el('input', 'amount'); m.name = 'amount'; m.placeholder = t('amount'); m.inputMode = 'decimal';
      // An amount the journal inferred stays unwritten: it is inferred again.
      m.value = p && p.amount && !p.inferred ? (p.amount + (p.commodity ? ' ' + p.commodity : '')) : '';
      row.append(a, m);
      $('#postings').append(row);
    }
    function resetForm() {
      form.reset(); editing = null; $('#postings').textContent = '';
      form.date.value = today(); postingRow(); postingRow();
      $('#entry-title').textContent = t('add'); $('#cancel').hidden = true; $('#delete').hidden = true; $('#entry-error').hidden = true;
    }
    function showError(text) { const e = $('#entry-error'); e.textContent = text; e.hidden = false; }
    function problems(r) {
      if (r.data.diagnostics) return r.data.diagnostics.map(d => d.message + (d.notes ? ' (' + d.notes.map(n => n.message).join('; ') + ')' : '')).join('\\n');
      return r.data.error || ('HTTP ' + r.status);
    }
    function fill(p) {
      $('#postings').textContent = '';
      for (const q of p.postings) postingRow(q);
      if (p.postings.length < 2) postingRow();
    }
    const box = $('#suggestions');
    form.description.addEventListener('input', () => {
      box.textContent = '';
      const found = payees.filter(p => matches(p.name, form.description.value)).slice(0, 8);
      for (const p of found) {
        const li = el('li', '', p.name);
        li.addEventListener('click', () => { form.description.value = p.name; box.hidden = true; if (!editing) fill(p); });
        box.append(li);
      }
      box.hidden = found.length === 0;
    });
    $('#add-posting').addEventListener('click', () => postingRow());
    $('#cancel').addEventListener('click', resetForm);
    form.addEventListener('submit', async (ev) => {
      ev.preventDefault();
      if (readOnly) return;
      const body = {date: form.date.value, description: form.description.value, comment: form.comment.value, status: form.status.value, postings: [], tags: {}};
      for (const row of document.querySelectorAll('#postings .posting')) {
        const account = row.children[0].value.trim(), amount = row.children[1].value.trim();
        if (!account) continue;
        const posting = {account};
        if (amount) posting.amount = amount;
        body.postings.push(posting);
      }
      const file = form.receipt.files[0];
      if (file) {
        const r = await api('POST', '/api/receipts', file, {'Content-Type': file.type || 'application/octet-stream'});
        if (r.status !== 201) { showError(problems(r)); return; }
        body.tags.receipt = r.data.receipt;
      }
      const r = editing ? await api('PUT', '/api/transactions/' + encodeURIComponent(editing.id), body, {'If-Match': '"' + editing.version + '"'})
                        : await api('POST', '/api/transactions', body);
      if (r.status === 409) { showError(t('stale')); load(true); return; }
      if (r.status >= 400) { showError(problems(r)); return; }
      resetForm(); load(true);
    });
    $('#delete').addEventListener('click', async () => {
      if (!editing || !confirm(t('confirmDelete'))) return;
      const r = await api('DELETE', '/api/transactions/' + encodeURIComponent(editing.id), undefined, {'If-Match': '"' + editing.version + '"'});
      if (r.status === 409) { showError(t('stale')); load(true); return; }
      if (r.status >= 400) { showError(problems(r)); return; }
      resetForm(); load(true);
    });
    function startEdit(tx) {
      editing = tx;
      form.date.value = tx.date; form.description.value = tx.description; form.comment.value = (tx.comment || '').replace(/\\s*\\S+:\\s*[^,]*,?/g, '').trim();
      form.status.value = tx.status || '';
      fill(tx);
      $('#entry-title').textContent = t('edit'); $('#cancel').hidden = false; $('#delete').hidden = readOnly;
      form.scrollIntoView({behavior: 'smooth'});
    }
    function item(tx) {
      const li = el('li');
      const head = el('div', 'head');
      head.append(el('span', 'desc', tx.description), el('span', 'muted', tx.date));
      li.append(head);
      for (const p of tx.postings) {
        const line = el('div', 'posting-line');
        line.append(el('span', '', p.account), el('span', 'amount', p.display || ''));
        li.append(line);
      }
      li.dataset.id = tx.id || '';
      if (tx.id && !readOnly) li.addEventListener('click', () => startEdit(tx));
      return li;
    }
    async function load(fresh) {
      if (fresh) { offset = 0; $('#transactions').textContent = ''; }
      const q = new URLSearchParams({query: $('#filter').query.value, limit: '50', offset: String(offset)});
      const r = await api('GET', '/api/transactions?' + q);
      if (r.status !== 200) { $('#count').textContent = problems(r); return; }
      for (const tx of r.data.transactions) $('#transactions').append(item(tx));
      offset += r.data.transactions.length;
      $('#count').textContent = t('count', r.data.total);
      $('#more').hidden = offset >= r.data.total;
      document.body.dataset.ready = '1';
      document.body.dataset.overflow = document.documentElement.scrollWidth > document.documentElement.clientWidth ? '1' : '0';
    }
    $('#filter').addEventListener('submit', (ev) => { ev.preventDefault(); load(true); });
    $('#more').addEventListener('click', () => load(false));
    async function names() {
      const [p, a] = await Promise.all([api('GET', '/api/payees'), api('GET', '/api/accounts')]);
      payees = p.data.payees || []; accounts = a.data.accounts || [];
      let list = $('#accounts');
      if (!list) { list = el('datalist'); list.id = 'accounts'; document.body.append(list); }
      list.textContent = '';
      for (const x of accounts) { const o = el('option'); o.value = x.name; list.append(o); }
    }
    function card(label, value) { const c = el('div', 'card'); c.append(el('span', 'muted', label), el('b', 'amount', value)); return c; }
    async function month() {
      const picker = $('#month-picker');
      if (!picker.value) picker.value = today().slice(0, 7);
      const r = await api('GET', '/api/reports/month?month=' + picker.value);
      const box = $('#month'); box.textContent = '';
      if (r.status !== 200) { box.append(el('p', 'error', problems(r))); return; }
      for (const s of r.data.summary) {
        const cards = el('div', 'cards');
        cards.append(card(t('income'), s.income.display), card(t('expenses'), s.expenses.display), card(t('net'), s.net.display),
                     card(t('savings'), s.savingsRate === null ? '—' : (Number(s.savingsRate) * 100).toFixed(1) + '%'));
        box.append(cards, el('h2', '', t('categories')));
        const table = el('table');
        for (const c of s.categories) { const tr = el('tr'); tr.append(el('td', '', c.account), el('td', 'num', c.amount.display)); table.append(tr); }
        box.append(table);
      }
      if (r.data.budget.length) {
        box.append(el('h2', '', t('budget')));
        const table = el('table');
        for (const b of r.data.budget) { const tr = el('tr'); tr.append(el('td', '', b.account), el('td', 'num', b.actual.display), el('td', 'num', b.budget.display)); table.append(tr); }
        box.append(table);
      }
      if (r.data.cards.length) {
        box.append(el('h2', '', t('cards')));
        const table = el('table');
        for (const c of r.data.cards) {
          const tr = el('tr');
          tr.append(el('td', '', c.card), el('td', '', t('due') + ' ' + c.due), el('td', 'num', c.amountDue.map(a => a.display).join(', ')),
                    el('td', 'num', c.installments.length ? t('installments') + ' ' + c.installments.map(a => a.display).join(', ') : ''));
          table.append(tr);
        }
        box.append(table);
      }
    }
    $('#month-picker').addEventListener('change', month);
    $('#import-form').addEventListener('submit', async (ev) => {
      ev.preventDefault();
      const f = ev.target, file = f.statement.files[0], err = $('#import-error');
      err.hidden = true;
      if (!file) return;
      const headers = {'Content-Type': 'application/octet-stream'};
      if (f.password.value) headers['X-Ledgerc-Statement-Password'] = f.password.value;
      const r = await api('POST', '/api/import?rules=' + encodeURIComponent(f.rules.value), file, headers);
      const box = $('#import-rows'); box.textContent = '';
      if (r.status !== 200) { err.textContent = problems(r); err.hidden = false; return; }
      const table = el('table');
      for (const row of r.data.rows) {
        const tr = el('tr'), cb = el('input');
        cb.type = 'checkbox'; cb.value = row.index; cb.checked = !row.recorded; cb.disabled = row.recorded;
        const first = el('td'); first.append(cb);
        tr.append(first, el('td', '', row.date), el('td', '', row.description), el('td', '', row.account2), el('td', 'num', row.amount),
                  el('td', 'muted', row.recorded ? t('recorded') : ''));
        table.append(tr);
      }
      const go = el('button', '', t('accept')); go.type = 'button';
      go.addEventListener('click', async () => {
        const rows = [...table.querySelectorAll('input:checked')].map(c => Number(c.value));
        const a = await api('POST', '/api/import/' + r.data.id + '/accept', {rows});
        box.textContent = '';
        box.append(el('p', a.status === 200 ? 'muted' : 'error', a.status === 200 ? t('added', a.data.added) : problems(a)));
        load(true);
      });
      box.append(table, go);
    });
    for (const b of document.querySelectorAll('nav button')) {
      b.addEventListener('click', () => {
        for (const x of document.querySelectorAll('nav button')) x.classList.toggle('on', x === b);
        for (const v of ['list', 'month', 'import']) $('#view-' + v).hidden = v !== b.dataset.view;
        if (b.dataset.view === 'month') month();
      });
    }
    if (readOnly) { form.hidden = true; $('nav [data-view="import"]').hidden = true; }
    resetForm();
    names().then(() => load(true));
    // Changes on disk: a short request every two seconds (`/api/events?poll=1`), so that no request
    // stays open (a browser that waits for the page to go quiet, as headless Chromium does, is never kept waiting).
    let generation = null;
    async function watch() {
      try {
        const r = await fetch('/api/events?poll=1', {headers: {'X-Ledgerc-Token': token}});
        const g = (await r.json()).generation;
        if (generation !== null && g !== generation) { names(); load(true); if (!$('#view-month').hidden) month(); }
        generation = g;
      } catch (e) {}
      setTimeout(watch, 2000);
    }
    watch();
    """
}
