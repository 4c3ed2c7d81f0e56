// Lays out the report from the JSON model that Java computed, draws its charts with ECharts, then
// writes into #report-status what each chart drew, for the browser test and for anyone debugging.
(function () {
  'use strict';
  var model = JSON.parse(document.getElementById('report-data').textContent);
  var drawn = [];

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) {
      node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    });
    return node;
  }

  function fixed(value, decimals) {
    return value === null || value === undefined ? '' : Number(value).toFixed(decimals);
  }

  function millis(value) {
    if (value === null || value === undefined) return '';
    return value >= 100 ? value.toFixed(0) : value >= 1 ? value.toFixed(2) : value.toFixed(3);
  }

  // columns: [{title, value(row), numeric, cls(row)}]
  function table(columns, rows, rowClass) {
    var head = el('tr', {}, columns.map(function (c) { return el('th', {}, [c.title]); }));
    var body = rows.map(function (row) {
      var tr = el('tr', {}, columns.map(function (c) {
        var v = c.value(row);
        var td = el('td', c.numeric ? { 'class': 'num' } : {}, [typeof v === 'string' ? v : '']);
        if (typeof v !== 'string') td.appendChild(v);
        return td;
      }));
      if (rowClass && rowClass(row)) tr.className = rowClass(row);
      return tr;
    });
    return el('table', {}, [el('thead', {}, [head]), el('tbody', {}, body)]);
  }

  function facts(title, map, badKeys) {
    var rows = Object.keys(map).map(function (k) { return [k, String(map[k])]; });
    return el('div', {}, [
      el('h4', {}, [title]),
      table([{ title: 'what', value: function (r) { return r[0]; } },
             { title: 'value', value: function (r) { return r[1]; } }], rows,
            function (r) { return badKeys && badKeys.indexOf(r[0]) >= 0 && r[1] !== '0' ? 'bad' : ''; })
    ]);
  }

  // 1/(1-p) on the axis, labelled as the percentile: 10 -> 90%, 1000 -> 99.9%.
  function percentileLabel(inverseTail) {
    if (inverseTail <= 1) return '0%';
    var decimals = Math.max(0, Math.round(Math.log10(inverseTail)) - 2);
    return (100 - 100 / inverseTail).toFixed(decimals) + '%';
  }

  function axis(name, extra) {
    var a = { name: name, nameLocation: 'middle', nameGap: 32, nameTextStyle: { fontWeight: 'bold' } };
    Object.keys(extra || {}).forEach(function (k) { a[k] = extra[k]; });
    return a;
  }

  function chart(parent, id, title, xAxis, yAxis, series, extra) {
    var box = el('div', { 'class': 'chart', id: id });
    parent.appendChild(box);
    var rows = legendRows(series.map(function (s) { return s.name; }), box.clientWidth - 40);
    box.style.height = (box.clientHeight + (rows - 1) * LEGEND_ROW) + 'px';
    var option = {
      animation: false,
      title: { text: title, left: 'center', textStyle: { fontSize: 14 } },
      legend: { top: 26, left: 'center', width: box.clientWidth - 40 },
      // Category labels broken into lines need room below the axis; value labels above the bars
      // need room below the legend.
      grid: { top: 40 + rows * LEGEND_ROW + (series.some(labelledAbove) ? 18 : 0), left: 72, right: 72,
        bottom: 38 + (xAxis.labelLines || 1) * 14 },
      tooltip: { trigger: 'axis' },
      xAxis: xAxis,
      yAxis: yAxis,
      series: series
    };
    Object.keys(extra || {}).forEach(function (k) { option[k] = extra[k]; });
    var instance = echarts.init(box, null, { renderer: 'canvas' });
    instance.setOption(option);
    drawn.push({ id: id, title: title, box: box, instance: instance });
  }

  function labelledAbove(s) {
    return s.label && s.label.show && s.label.position === 'top';
  }

  // Legends wrap rather than scroll, so every series is named in a screenshot; the chart grows by a
  // row of legend so that the plot keeps its height. Widths are estimates of ECharts' 12px items.
  var LEGEND_ROW = 22;
  function legendRows(names, width) {
    var rows = 1;
    var x = 0;
    names.forEach(function (name) {
      var w = name.length * 6.6 + 40;
      if (x > 0 && x + w > width) { rows++; x = 0; }
      x += w;
    });
    return rows;
  }

  function line(name, data, extra) {
    var s = { name: name, type: 'line', data: data, showSymbol: data.length <= 40, connectNulls: false };
    Object.keys(extra || {}).forEach(function (k) { s[k] = extra[k]; });
    return s;
  }

  function zip(xs, ys) {
    return xs.map(function (x, i) { return [x, ys[i]]; });
  }

  function positive(points) {
    return points.filter(function (p) { return p[1] !== null && p[1] > 0; });
  }

  // A log axis has no place for zero: such a value is left out, not drawn at the axis's floor.
  function positiveValues(values) {
    return values.map(function (v) { return v !== null && v > 0 ? v : null; });
  }

  // How many decades the positive values span (0 for fewer than two).
  function decades(values) {
    var positive = values.filter(function (v) { return v !== null && v > 0; });
    if (positive.length < 2) return 0;
    return Math.log10(Math.max.apply(null, positive) / Math.min.apply(null, positive));
  }

  // A category axis that labels every category: a label wider than its category's share of the
  // axis is broken into lines that fit, between words where it can (after - = , or a space), and
  // the axis name moves below them.
  function categoryAxis(name, categories) {
    var room = Math.floor(560 / Math.max(1, categories.length)) - 8;
    var perLine = Math.max(1, Math.floor(room / 7));
    var wrapped = categories.map(function (c) { return wrapWords(String(c), perLine); });
    var lines = wrapped.reduce(function (n, w) { return Math.max(n, w.split('\n').length); }, 1);
    var byCategory = {};
    categories.forEach(function (c, i) { byCategory[c] = wrapped[i]; });
    var a = axis(name, { type: 'category', data: categories, nameGap: 18 + lines * 14,
      axisLabel: { interval: 0, width: room, overflow: 'breakAll', lineHeight: 14,
        formatter: function (v) { return byCategory[v] !== undefined ? byCategory[v] : v; } } });
    a.labelLines = lines;
    return a;
  }

  // Text in lines of at most perLine characters, broken after - = , or a space where it can, and
  // inside a word only when one word is longer than a line.
  function wrapWords(text, perLine) {
    var words = text.match(/[^-=, ]+[-=, ]*|[-=, ]+/g) || [text];
    var lines = [''];
    words.forEach(function (w) {
      var last = lines[lines.length - 1];
      if (last.length > 0 && (last + w).replace(/ +$/, '').length > perLine) lines.push('');
      while (w.length > perLine) {
        var current = lines[lines.length - 1];
        var take = perLine - current.length;
        lines[lines.length - 1] = current + w.slice(0, take);
        lines.push('');
        w = w.slice(take);
      }
      lines[lines.length - 1] += w;
    });
    return lines.map(function (l) { return l.replace(/ +$/, ''); }).filter(function (l) { return l; }).join('\n');
  }

  // Axis ticks of rates as 20k, 1.5M: wide numbers would run into the axis name.
  function compactNumber(v) {
    if (v >= 1e6) return +(v / 1e6).toFixed(1) + 'M';
    if (v >= 1e3) return +(v / 1e3).toFixed(1) + 'k';
    return String(v);
  }

  function renderRun(parent, run, heading) {
    var section = el('section', { id: run.id }, [el(heading, {}, [run.title + ' ',
      el('span', { 'class': 'status-' + run.status }, ['(' + run.status + ')'])])]);
    parent.appendChild(section);
    if (run.error) section.appendChild(el('p', { 'class': 'status-failed' }, ['error: ' + run.error]));
    if (run.commandLine) section.appendChild(el('div', { 'class': 'command' }, [run.commandLine]));
    if (run.validity.verdict === 'suspect') {
      section.appendChild(el('p', { 'class': 'suspect' }, ['Suspect: this run may have measured the ' +
        'generator or the machine, not the broker (' +
        run.validity.reasons.map(function (w) { return w.code; }).join(', ') +
        '; see the warnings below).']));
    }
    if (run.warnings.length) {
      section.appendChild(el('ul', { 'class': 'warnings' },
        run.warnings.map(function (w) { return el('li', {}, [w.message]); })));
    }
    var charts = el('div', { 'class': 'charts' });
    section.appendChild(charts);
    var iv = run.intervals;
    var t = iv.endSeconds;
    if (t.length === 0) {
      charts.appendChild(el('p', { 'class': 'note' }, ['No intervals were recorded.']));
      renderDistribution(charts, run);
    } else {
      renderOverTime(charts, run);
      renderDistribution(charts, run);
      renderClient(charts, run);
      if (iv.broker) renderBroker(charts, run);
    }
    if (run.steps.length > 1) renderSteps(section, charts, run);
    if (run.shards.length) renderShards(section, run);
    section.appendChild(el('div', { 'class': 'tables' }, [
      facts('Totals (after warm-up)', run.summary),
      facts('Integrity (whole run)', run.integrity, ['lost', 'duplicates', 'foreign']),
      facts('Workload', run.workload),
      facts('Driver options', run.driver),
      facts('Broker and environment', run.environment)
    ]));
  }

  function renderOverTime(charts, run) {
    var iv = run.intervals;
    var t = iv.endSeconds;
    var timeAxis = axis('time since sending started (s)', { type: 'value', min: 0 });
    var warmup = iv.warmupEndSeconds > 0 ? { silent: true, itemStyle: { color: 'rgba(150,150,150,0.15)' },
      label: { show: true, position: 'insideTop', color: '#666' },
      data: [[{ name: 'warm-up', xAxis: 0 }, { xAxis: iv.warmupEndSeconds }]] } : undefined;
    var any = function (values) { return values.some(function (v) { return v > 0; }); };
    if (any(iv.sentPerSecond) || any(iv.receivedPerSecond)) {
      var rateSeries = [line('sent', zip(t, iv.sentPerSecond), { markArea: warmup })];
      if (any(iv.confirmedPerSecond)) {
        rateSeries.push(line('confirmed', zip(t, iv.confirmedPerSecond)));
      }
      rateSeries.push(line('received', zip(t, iv.receivedPerSecond)));
      chart(charts, run.id + '-rates', 'Message rates per interval', timeAxis,
        axis('rate (msg/s)', { type: 'value', nameGap: 56 }), rateSeries);
    } else {
      // A run of idle connections alone, or one that failed before its first send: a flat line
      // at zero would be a chart of nothing.
      charts.appendChild(el('p', { 'class': 'note' }, ['No message was sent or received.']));
    }

    // The latency the run is about: the round trip of request-reply, else end to end.
    var latency = iv.latency;
    if (latency.some(function (p) { return p.p50Millis !== null; })) {
      var pick = function (key) { return positive(zip(t, latency.map(function (p) { return p[key]; }))); };
      chart(charts, run.id + '-latency', iv.latencyKind.title + ' percentiles per interval', timeAxis,
        axis(iv.latencyKind.label + ' (ms, log scale)', { type: 'log', nameGap: 56 }),
        [line('p50', pick('p50Millis'), { markArea: warmup }), line('p99', pick('p99Millis')),
         line('p99.9', pick('p999Millis')), line('max', pick('maxMillis'))]);
    } else {
      charts.appendChild(el('p', { 'class': 'note' }, ['No ' + iv.latencyKind.label + ' latency was recorded.']));
    }
  }

  function renderDistribution(charts, run) {
    if (run.distributions.length) {
      chart(charts, run.id + '-distribution', 'Latency by percentile (whole measured run)',
        percentileAxis(), axis('latency (ms, log scale)', { type: 'log', nameGap: 56 }),
        run.distributions.map(function (d) {
          return line(d.label + ' (' + d.kind + ')',
            positive(d.points.map(function (p) { return [p.inverseTail, p.millis, p.percentile, d.count]; })),
            { showSymbol: false });
        }),
        { tooltip: { trigger: 'item', formatter: percentileTooltip } });
    }
  }

  // HdrHistogram's percentile plot: 90%, 99%, 99.9%… evenly spaced on a log axis of 1/(1-p).
  function percentileAxis() {
    return axis('percentile (log scale of 1/(1-p))', { type: 'log', min: 1, logBase: 10,
      axisLabel: { formatter: percentileLabel } });
  }

  function percentileTooltip(p) {
    return p.seriesName + '<br>p' + p.value[2].toFixed(4).replace(/\.?0+$/, '') +
      ': ' + millis(p.value[1]) + ' ms (of ' + p.value[3] + ' values)';
  }

  function renderClient(charts, run) {
    var iv = run.intervals;
    var t = iv.endSeconds;
    var timeAxis = axis('time since sending started (s)', { type: 'value', min: 0 });
    var rss = zip(t, iv.rssMebibytes).filter(function (p) { return p[1] !== null; });
    chart(charts, run.id + '-client', 'Load generator CPU and memory', timeAxis,
      [axis('CPU (%, 100 = one core)', { type: 'value', min: 0, nameGap: 48 }),
       axis('RSS (MiB)', { type: 'value', min: 0, nameGap: 52 })],
      [line('CPU %', zip(t, iv.cpuPercent)), line('RSS MiB', rss, { yAxisIndex: 1 })]);
  }

  // The broker's own load over time: what the studies chart beside the messages.
  function renderBroker(charts, run) {
    var iv = run.intervals;
    var b = iv.broker;
    var t = iv.endSeconds;
    var timeAxis = axis('time since sending started (s)', { type: 'value', min: 0 });
    var known = function (values) {
      return zip(t, values).filter(function (p) { return p[1] !== null; });
    };
    chart(charts, run.id + '-broker', 'Broker CPU and memory', timeAxis,
      [axis('CPU (%, 100 = one core)', { type: 'value', min: 0, nameGap: 48 }),
       axis('memory (MiB)', { type: 'value', min: 0, nameGap: 52 })],
      [line('broker CPU %', known(b.cpuPercent)),
       line('broker memory MiB', known(b.memoryMebibytes), { yAxisIndex: 1 })]);
    var io = [];
    if (known(b.networkInMegabytesPerSecond).length) {
      io.push(line('network in', known(b.networkInMegabytesPerSecond)));
      io.push(line('network out', known(b.networkOutMegabytesPerSecond)));
    }
    if (known(b.diskWriteMegabytesPerSecond).length) {
      io.push(line('disk writes', known(b.diskWriteMegabytesPerSecond)));
    }
    if (io.length) {
      chart(charts, run.id + '-broker-io', 'Broker network and disk', timeAxis,
        axis('MB/s', { type: 'value', min: 0, nameGap: 48 }), io);
    }
  }

  function renderSteps(section, charts, run) {
    var targets = run.steps.map(function (s) { return s.targetPerSecond; });
    var rateAxis = axis('target rate (msg/s)', { type: 'value', min: 0 });
    chart(charts, run.id + '-steps-rate', 'Rate steps: achieved vs target rate', rateAxis,
      axis('achieved rate (msg/s)', { type: 'value', min: 0, nameGap: 56 }),
      [line('sent', zip(targets, run.steps.map(function (s) { return s.sentPerSecond; }))),
       line('received', zip(targets, run.steps.map(function (s) { return s.receivedPerSecond; }))),
       line('target (ideal)', zip(targets, targets), { lineStyle: { type: 'dashed' }, showSymbol: false })]);
    var stepPick = function (key) {
      return positive(zip(targets, run.steps.map(function (s) { return s.e2e[key]; })));
    };
    chart(charts, run.id + '-steps-latency', 'Rate steps: e2e latency vs target rate', rateAxis,
      axis('e2e latency (ms, log scale)', { type: 'log', nameGap: 56 }),
      [line('p50', stepPick('p50Millis')), line('p99', stepPick('p99Millis')),
       line('p99.9', stepPick('p999Millis'))]);
    section.appendChild(el('h4', {}, ['Rate steps']));
    section.appendChild(table([
      { title: 'step', numeric: true, value: function (s) { return String(s.step); } },
      { title: 'target msg/s', numeric: true,
        value: function (s) { return s.targetPerSecond ? fixed(s.targetPerSecond, 0) : 'unlimited'; } },
      { title: 'sent msg/s', numeric: true, value: function (s) { return fixed(s.sentPerSecond, 0); } },
      { title: 'received msg/s', numeric: true, value: function (s) { return fixed(s.receivedPerSecond, 0); } },
      { title: 'e2e p50 ms', numeric: true, value: function (s) { return millis(s.e2e.p50Millis); } },
      { title: 'e2e p99 ms', numeric: true, value: function (s) { return millis(s.e2e.p99Millis); } },
      { title: 'e2e p99.9 ms', numeric: true, value: function (s) { return millis(s.e2e.p999Millis); } },
      { title: 'e2e max ms', numeric: true, value: function (s) { return millis(s.e2e.maxMillis); } },
      { title: 'CPU µs/msg', numeric: true, value: function (s) { return fixed(s.cpuMicrosPerMessage, 2); } }
    ], run.steps));
  }

  function renderShards(section, run) {
    section.appendChild(el('h4', {}, ['Shards (' + run.shards.length + ')']));
    section.appendChild(table([
      { title: 'producers', value: function (s) { return s.producers; } },
      { title: 'consumers', value: function (s) { return s.consumers; } },
      { title: 'host', value: function (s) { return s.host; } },
      { title: 'status', value: function (s) { return s.status; } },
      { title: 'sent msg/s', numeric: true, value: function (s) { return fixed(s.sentPerSecond, 0); } },
      { title: 'received msg/s', numeric: true, value: function (s) { return fixed(s.receivedPerSecond, 0); } },
      { title: 'e2e p99 ms', numeric: true, value: function (s) { return millis(s.e2eP99Millis); } },
      { title: 'CPU µs/msg', numeric: true, value: function (s) { return fixed(s.cpuMicrosPerMessage, 2); } },
      { title: 'clock error', value: function (s) { return s.clock; } }
    ], run.shards));
  }

  function renderScenario(parent, scenario) {
    var section = el('section', { id: scenario.id }, [el('h2', {}, ['Scenario ' + scenario.title])]);
    parent.appendChild(section);
    section.appendChild(el('p', {}, [(scenario.file ? 'From ' + scenario.file + '; ' : '') +
      scenario.cells.length + ' cells; axes: ' + (scenario.axes.join(', ') || 'none')]));
    var runIds = {};
    scenario.runs.forEach(function (r) { runIds[r.title] = r.id; });
    var repeated = scenario.cells.some(function (c) { return c.repetition > 0; });
    // The latency the cells are about: e2e, the round trip of request-reply, or the send RT.
    var lat = scenario.latency.label;
    var columns = [{ title: 'cell', value: function (c) {
      return runIds[c.id] ? el('a', { href: '#' + runIds[c.id] }, [c.id]) : c.id; } }];
    scenario.axes.forEach(function (a) {
      columns.push({ title: a, value: function (c) { return c.axes[a] || ''; } });
    });
    if (repeated) columns.push({ title: 'rep', numeric: true, value: function (c) { return String(c.repetition); } });
    columns = columns.concat([
      { title: 'status', value: function (c) { return c.status; } },
      { title: 'target msg/s', numeric: true, value: function (c) { return c.target; } },
      { title: 'sent msg/s', numeric: true, value: function (c) { return fixed(c.sentPerSecond, 0); } },
      { title: 'received msg/s', numeric: true, value: function (c) { return fixed(c.receivedPerSecond, 0); } },
      { title: lat + ' mean ms', numeric: true, value: function (c) { return millis(c.latency.meanMillis); } },
      { title: lat + ' p50 ms', numeric: true, value: function (c) { return millis(c.latency.p50Millis); } },
      { title: lat + ' p99 ms', numeric: true, value: function (c) { return millis(c.latency.p99Millis); } },
      { title: lat + ' p99.9 ms', numeric: true, value: function (c) { return millis(c.latency.p999Millis); } },
      { title: lat + ' max ms', numeric: true, value: function (c) { return millis(c.latency.maxMillis); } }
    ]);
    // The share under the file's bound, as the request-reply study gives its share under 20 ms.
    if (scenario.latencyBoundMillis != null) {
      columns.push({ title: lat + ' ≤ ' + scenario.latencyBoundMillis + ' ms %', numeric: true,
        value: function (c) { return c.withinBoundPercent == null ? '' : fixed(c.withinBoundPercent, 2); } });
    }
    columns = columns.concat([
      { title: 'CPU µs/msg', numeric: true, value: function (c) { return fixed(c.cpuMicrosPerMessage, 2); } },
      { title: 'lost', numeric: true, value: function (c) { return c.lost === null ? '' : String(c.lost); } }
    ]);
    // The broker's own load, where its cells read it.
    if (scenario.cells.some(function (c) { return c.broker; })) {
      var brk = function (f) { return function (c) { return c.broker ? f(c.broker) : ''; }; };
      columns = columns.concat([
        { title: 'broker CPU %', numeric: true, value: brk(function (b) { return fixed(b.cpuPercent, 0); }) },
        { title: 'broker MiB', numeric: true, value: brk(function (b) { return fixed(b.memoryMebibytes, 0); }) }
      ]);
    }
    // Idle connections: what RabbitMQ 4.0's connection study tabulates for each protocol.
    if (scenario.cells.some(function (c) { return c.connections; })) {
      var conn = function (f) { return function (c) { return c.connections ? f(c.connections) : ''; }; };
      columns = columns.concat([
        { title: 'connections opened', numeric: true, value: conn(function (k) { return k.opened + ' of ' + k.target; }) },
        { title: 'opened/s', numeric: true, value: conn(function (k) { return fixed(k.openPerSecond, 0); }) }
      ].concat(scenario.latency.key === 'connect' ? [] : [
        { title: 'open p99 ms', numeric: true, value: conn(function (k) { return millis(k.openP99Millis); }) }
      ]).concat([
        { title: 'client KiB/conn', numeric: true, value: conn(function (k) { return fixed(k.clientKibPerConnection, 1); }) },
        { title: 'broker KiB/conn', numeric: true, value: conn(function (k) { return fixed(k.brokerKibPerConnection, 1); }) }
      ]));
    }
    section.appendChild(table(columns, scenario.cells, function (c) {
      return c.status !== 'completed' || c.lost > 0 ? 'bad' : '';
    }));
    // The broker set-ups the cells ran on: what tells them apart, and what stands in for the study's.
    if (scenario.setups.length) {
      section.appendChild(el('h3', {}, ['Broker set-ups']));
      section.appendChild(table([
        { title: 'set-up', value: function (s) { return s.name; } },
        { title: 'settings', value: function (s) {
          return Object.keys(s.settings).map(function (k) { return k + ': ' + s.settings[k]; }).join('; '); } },
        { title: 'stands in for', value: function (s) { return s.standsInFor || ''; } },
        { title: 'started by', value: function (s) { return s.start || 'already running'; } }
      ], scenario.setups));
    }

    if (scenario.spreads.length > 0) {
      section.appendChild(el('h3', {}, ['Spread over repetitions']));
      section.appendChild(el('p', {}, ['Each figure\'s median across a combination\'s runs, the 95% interval' +
        ' of that median (6 runs or more) and the range: a change or relative threshold smaller than the' +
        ' interval is not decided by these runs.']));
      var spreadRows = [];
      scenario.spreads.forEach(function (s) {
        s.figures.forEach(function (f, i) {
          spreadRows.push({ combination: i === 0 ? s.combination : '', runs: i === 0 ? String(s.runs) : '', f: f });
        });
      });
      section.appendChild(table([
        { title: 'combination', value: function (r) { return r.combination; } },
        { title: 'runs', numeric: true, value: function (r) { return r.runs; } },
        { title: 'figure', value: function (r) { return r.f.metric; } },
        { title: 'median', numeric: true, value: function (r) { return r.f.median; } },
        { title: '95% interval of the median', value: function (r) { return r.f.interval; } },
        { title: 'range', value: function (r) { return r.f.range; } }
      ], spreadRows));
    }

    var charts = el('div', { 'class': 'charts' });
    section.appendChild(charts);
    var sweep = scenario.sweep;
    var labels = Object.keys(sweep.series);
    if (sweep.sweep) {
      var rateAxis = axis('target rate (msg/s)', { type: 'value', min: 0 });
      var allTargets = [];
      var rateSeries = [];
      var latencySeries = [];
      labels.forEach(function (label) {
        var points = sweep.series[label];
        var x = points.map(function (p) { return p.targetPerSecond; });
        allTargets = allTargets.concat(x);
        rateSeries.push(line(label + ': received', zip(x, points.map(function (p) { return p.receivedPerSecond; }))));
        rateSeries.push(line(label + ': sent', zip(x, points.map(function (p) { return p.sentPerSecond; })),
          { lineStyle: { type: 'dotted' } }));
        ['p50', 'p99', 'p99.9'].forEach(function (name, i) {
          var key = ['p50Millis', 'p99Millis', 'p999Millis'][i];
          latencySeries.push(line(label + ': ' + name,
            positive(zip(x, points.map(function (p) { return p.latency[key]; })))));
        });
      });
      allTargets.sort(function (a, b) { return a - b; });
      var ends = [allTargets[0], allTargets[allTargets.length - 1]];
      rateSeries.push(line('target (ideal)', zip(ends, ends), { lineStyle: { type: 'dashed', color: '#999' },
        itemStyle: { color: '#999' }, showSymbol: false }));
      chart(charts, scenario.id + '-sweep-rate', 'Achieved vs attempted rate', rateAxis,
        axis('achieved rate (msg/s)', { type: 'value', min: 0, nameGap: 56 }), rateSeries);
      chart(charts, scenario.id + '-sweep-latency', scenario.latency.title + ' vs attempted rate', rateAxis,
        axis(lat + ' (ms, log scale)', { type: 'log', nameGap: 56 }), latencySeries);
    } else {
      var done = scenario.cells.filter(function (c) { return c.sentPerSecond !== null; });
      // Cells by id, or by their number when ids would not fit in two lines (the table above
      // gives each number's id).
      var ids = done.map(function (c) { return c.id; });
      var longestId = ids.reduce(function (n, id) { return Math.max(n, id.length); }, 0);
      var cellAxis = categoryAxis('cell', longestId * 7 > 2 * (560 / Math.max(1, ids.length) - 8)
        ? ids.map(function (id) { return id.split('-')[0]; }) : ids);
      var bar = function (name, values) { return { name: name, type: 'bar', data: values }; };
      var sent = done.map(function (c) { return c.sentPerSecond; });
      var received = done.map(function (c) { return c.receivedPerSecond; });
      // A flooding cell (sending far more than it received) must not flatten the others' bars.
      var rateSpread = decades(sent.concat(received)) > 1.3;
      if (sent.concat(received).some(function (v) { return v > 0; })) {
        chart(charts, scenario.id + '-cells-rate', 'Achieved rate by cell', cellAxis,
          axis(rateSpread ? 'rate (msg/s, log scale)' : 'rate (msg/s)',
            rateSpread ? { type: 'log', nameGap: 56, axisLabel: { formatter: compactNumber } }
              : { type: 'value', min: 0, nameGap: 56, axisLabel: { formatter: compactNumber } }),
          [bar('sent', rateSpread ? positiveValues(sent) : sent),
           bar('received', rateSpread ? positiveValues(received) : received)]);
      }
      // Dots, not bars: a bar on a log axis starts at 1 ms and would point down below it.
      var dots = function (name, symbol, values) {
        return { name: name, type: 'scatter', symbol: symbol, symbolSize: 12, data: values };
      };
      if (done.some(function (c) { return c.latency.p50Millis !== null; })) {
        chart(charts, scenario.id + '-cells-latency', scenario.latency.title + ' by cell', cellAxis,
          axis(lat + ' (ms, log scale)', { type: 'log', nameGap: 56 }),
          [dots('p50', 'circle', done.map(function (c) { return c.latency.p50Millis; })),
           dots('p99', 'diamond', done.map(function (c) { return c.latency.p99Millis; })),
           dots('p99.9', 'triangle', done.map(function (c) { return c.latency.p999Millis; })),
           dots('max', 'rect', done.map(function (c) { return c.latency.maxMillis; }))]);
      }
    }
    scenario.comparisons.forEach(function (cmp, i) {
      // A figure no cell has (nothing received by idle connections) is no chart.
      var any = Object.keys(cmp.series).some(function (n) {
        return cmp.series[n].some(function (v) { return v !== null && v > 0; });
      });
      if (!any) return;
      // Each figure's decimals, unit, title and axis name; a latency's are the scenario's.
      var shown = {
        'received msg/s': [0, ' msg/s', 'Received rate', 'received (msg/s'],
        'confirmed msg/s': [0, ' msg/s', 'Send TPS (confirmed rate)', 'confirmed sends (msg/s'],
        'broker KiB/connection': [1, ' KiB', 'Broker memory per connection', 'broker memory (KiB per connection'],
        'broker CPU %': [0, ' %', 'Broker CPU %', 'broker CPU (%, 100 = one core'],
        'broker memory MiB': [0, ' MiB', 'Broker memory MiB', 'broker memory (MiB'],
        'backlog fill msg/s': [0, ' msg/s', 'Backlog fill rate', 'fill (msg/s'],
        'backlog drain msg/s': [0, ' msg/s', 'Backlog drain rate', 'drain (msg/s']
      }[cmp.figure] || [null, ' ms', scenario.latency.title + ' p99', lat + ' p99 (ms'];
      var rate = / msg\/s$/.test(cmp.figure);
      var format = shown[0] === null ? millis : function (v) { return fixed(v, shown[0]); };
      var unit = shown[1];
      var names = Object.keys(cmp.series);
      var values = [];
      names.forEach(function (n) { values = values.concat(cmp.series[n]); });
      var spread = decades(values) > 1.3;
      // Values spanning decades (a flooding cell beside the others) go on a log axis as dots, so
      // no cell flattens the rest; a bar on a log axis would start at 1 and point down below it.
      // Value labels never write over each other: two series of dots put theirs on their outer
      // sides, more have none (the tooltip gives them); bars of more than two series turn theirs
      // upright above the narrow bars.
      var series = names.map(function (label, k) {
        var s = { name: label, data: spread ? positiveValues(cmp.series[label]) : cmp.series[label],
          label: { show: true, fontSize: 11, formatter: function (p) { return format(p.value); } } };
        if (spread) {
          s.type = 'scatter';
          s.symbolSize = 12;
          s.symbolOffset = [(k - (names.length - 1) / 2) * 16, 0];
          s.label.show = names.length <= 2;
          s.label.position = k === 0 && names.length === 2 ? 'left' : 'right';
          s.label.distance = 10;
        } else {
          s.type = 'bar';
          s.label.position = 'top';
          if (names.length > 2) {
            s.label.rotate = 90;
            s.label.align = 'left';
            s.label.verticalAlign = 'middle';
          }
        }
        return s;
      });
      chart(charts, scenario.id + '-axis' + i,
        shown[2] + ' by ' + cmp.axis,
        categoryAxis(cmp.axis, cmp.categories),
        axis(shown[3] + (spread ? ', log scale)' : ')'),
          { type: spread ? 'log' : 'value', min: spread ? undefined : 0, nameGap: 56,
            axisLabel: rate ? { formatter: compactNumber } : {} }),
        series,
        { tooltip: { trigger: 'axis', valueFormatter: function (v) { return format(v) + unit; } } });
    });
    // Every cell's distribution on one chart: where one cell's tail leaves another's.
    if (scenario.distributions.length) {
      chart(charts, scenario.id + '-distribution', scenario.latency.title + ' by percentile, one line per cell',
        percentileAxis(), axis(lat + ' (ms, log scale)', { type: 'log', nameGap: 56 }),
        scenario.distributions.map(function (d) {
          return line(d.cell, positive(d.points.map(function (p) {
            return [p.inverseTail, p.millis, p.percentile, d.count]; })), { showSymbol: false });
        }),
        { tooltip: { trigger: 'item', formatter: percentileTooltip } });
    }
    scenario.runs.forEach(function (run) { renderRun(section, run, 'h3'); });
  }

  // A chart drew when its canvas has a size, its series have points, and pixels were painted.
  function chartStatus(c) {
    var canvas = c.box.querySelector('canvas');
    var points = c.instance.getOption().series.reduce(function (n, s) {
      return n + (s.data || []).filter(function (d) { return d !== null && d !== undefined; }).length;
    }, 0);
    if (!canvas) return 'chart ' + c.id + ' FAILED no canvas';
    var painted = 0;
    var pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
    for (var i = 3; i < pixels.length; i += 4 * 7) if (pixels[i] > 0) painted++;
    var texts = drawnTexts(c.instance);
    var overlaps = overlappingPairs(texts);
    var ok = canvas.width > 0 && canvas.height > 0 && points > 0 && painted > 0 && overlaps.length === 0;
    return 'chart ' + c.id + ' ' + (ok ? 'ok' : 'FAILED') + ' canvas=' + canvas.width + 'x' +
      canvas.height + ' points=' + points + ' painted=' + painted + ' texts=' + texts.length +
      ' overlaps=' + overlaps.length + (overlaps.length ? ' [' + overlaps.slice(0, 3).join('; ') + ']' : '') +
      ' title=' + c.title;
  }

  // The texts the chart drew (title, legend, axis and value labels) with their boxes on the canvas.
  function drawnTexts(instance) {
    var texts = [];
    instance.getZr().storage.getDisplayList(true).forEach(function (d) {
      if ((d.type !== 'tspan' && d.type !== 'text') || d.invisible || d.ignore || !d.style || !d.style.text) return;
      var r = d.getBoundingRect().clone();
      if (d.transform) r.applyTransform(d.transform);
      if (r.width > 0 && r.height > 0) texts.push({ text: String(d.style.text), r: r });
    });
    return texts;
  }

  // Pairs of texts whose boxes overlap by more than a pixel each way: labels written over others.
  function overlappingPairs(texts) {
    var pairs = [];
    for (var i = 0; i < texts.length; i++) {
      for (var j = i + 1; j < texts.length; j++) {
        var a = texts[i].r, b = texts[j].r;
        var w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
        var h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
        if (w > 1 && h > 1) pairs.push(texts[i].text + ' / ' + texts[j].text);
      }
    }
    return pairs;
  }

  function renderComparison(parent, cmp, i) {
    var id = 'comparison' + i;
    var section = el('section', { id: id, 'class': 'comparison' }, [
      el('h2', {}, ['Comparison ' + cmp.name +
        (cmp.thresholds.length || !cmp.passed ? (cmp.passed ? ' (passed)' : ' (FAILED)') : '')])
    ]);
    parent.appendChild(section);
    section.appendChild(table([
      { title: 'metric', value: function (r) { return r.metric; } },
      { title: 'baseline', value: function (r) { return r.baseline; }, numeric: true },
      { title: 'candidate', value: function (r) { return r.candidate; }, numeric: true },
      { title: 'change', value: function (r) { return r.change; }, numeric: true },
      { title: '', value: function (r) { return r.verdict; } }
    ], cmp.rows, function (r) { return r.verdict === 'worse' ? 'bad' : ''; }));
    if (cmp.notes.length) {
      section.appendChild(el('ul', { 'class': 'warnings' },
        cmp.notes.map(function (n) { return el('li', {}, ['note: ' + n]); })));
    }
    if (cmp.thresholds.length) {
      section.appendChild(el('ul', { 'class': 'thresholds' },
        cmp.thresholds.map(function (t) { return el('li', { 'class': /^FAILED/.test(t) ? 'bad' : '' }, [t]); })));
    }
    var charts = el('div', { 'class': 'charts' }, []);
    section.appendChild(charts);
    // Percentiles span decades (p50 in µs, max in seconds): a log axis shows each of them. Dots,
    // not bars (a bar on a log axis starts at 1 ms and points down below it), the baseline's left
    // of each category and the candidate's right; their values are in the table above and the
    // tooltip, not written beside the dots, where neighbouring categories' would meet. Every
    // category is labelled.
    var dot = function (name, values, side) {
      return { name: name, type: 'scatter', symbolSize: 14, symbolOffset: [side === 'left' ? -10 : 10, 0],
        data: positiveValues(values) };
    };
    chart(charts, id + '-latency', 'Latency: baseline and candidate',
      axis('percentile', { type: 'category', data: cmp.latencyNames, axisLabel: { interval: 0 } }),
      axis('latency (ms, log scale)', { type: 'log', nameGap: 56 }),
      [dot('baseline', cmp.baselineMillis, 'left'), dot('candidate', cmp.candidateMillis, 'right')],
      { tooltip: { trigger: 'axis', valueFormatter: function (v) { return millis(v) + ' ms'; } } });
    return id;
  }

  var main = document.getElementById('report');
  var nav = document.getElementById('report-nav');
  document.getElementById('report-generated').textContent = 'Generated ' + model.generated;
  model.comparisons.forEach(function (cmp, i) {
    var id = renderComparison(main, cmp, i);
    nav.appendChild(el('a', { href: '#' + id }, ['Comparison ' + cmp.name]));
  });
  model.order.forEach(function (id) {
    var run = model.runs.filter(function (r) { return r.id === id; })[0];
    var scenario = model.scenarios.filter(function (s) { return s.id === id; })[0];
    if (run) {
      nav.appendChild(el('a', { href: '#' + id }, ['Run ' + run.title]));
      renderRun(main, run, 'h2');
    } else {
      nav.appendChild(el('a', { href: '#' + id }, ['Scenario ' + scenario.title]));
      renderScenario(main, scenario);
    }
  });
  window.addEventListener('resize', function () { drawn.forEach(function (c) { c.instance.resize(); }); });

  var lines = drawn.map(chartStatus);
  window.reportErrors.forEach(function (e) { lines.push('error ' + e); });
  var ok = lines.filter(function (l) { return / ok /.test(l); }).length;
  lines.push('charts ' + drawn.length + ' drawn ' + ok + ' errors ' + window.reportErrors.length);
  document.getElementById('report-status').textContent = lines.join('\n');
})();
