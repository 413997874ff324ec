// The API docs page (templates/api/docs.html): each operation of the OpenAPI document as a
// block — method and path, what it does, its parameters, its body and its answers. Text only
// (textContent), so nothing in the document is ever run as markup.
(function () {
  "use strict";
  var link = document.getElementById("openapi-link");
  var out = document.getElementById("api-operations");
  if (!link || !out || !window.fetch) return;
  // its words, in the page's language (partials/api/_docs.html)
  var texts = JSON.parse(document.currentScript.dataset.texts);

  function el(tag, text, cls) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }

  function ref(doc, value) {
    while (value && value.$ref) {
      value = value.$ref.replace(/^#\//, "").split("/").reduce(function (o, k) { return o && o[k]; }, doc);
    }
    return value || {};
  }

  function schemaName(schema) {
    if (!schema) return "";
    if (schema.$ref) return schema.$ref.split("/").pop();
    if (schema.type === "array" && schema.items) {
      return texts.list_of.replace("{schema}", schemaName(schema.items));
    }
    return schema.type || "";
  }

  function operation(doc, path, method, op) {
    var block = el("article", null, "api-op panel");
    var head = el("h2");
    head.appendChild(el("code", method.toUpperCase() + " " + path));
    block.appendChild(head);
    if (op.summary) block.appendChild(el("p", op.summary));
    if (op.description) block.appendChild(el("p", op.description, "hint"));
    var params = (op.parameters || []).map(function (p) { return ref(doc, p); });
    if (params.length) {
      var list = el("ul");
      params.forEach(function (p) {
        list.appendChild(el("li", p.name + " (" + p["in"] + (p.required ? ", " + texts.required : "") + ")" +
          (p.description ? ": " + p.description : "")));
      });
      block.appendChild(el("h3", texts.parameters));
      block.appendChild(list);
    }
    if (op.requestBody) {
      var body = ref(doc, op.requestBody).content || {};
      var json = body["application/json"] || {};
      block.appendChild(el("p", texts.body.replace("{schema}", schemaName(json.schema))));
    }
    var answers = el("ul");
    Object.keys(op.responses || {}).forEach(function (code) {
      var r = ref(doc, op.responses[code]);
      var kinds = Object.keys(r.content || {});
      var schema = kinds.length ? schemaName(r.content[kinds[0]].schema) : "";
      answers.appendChild(el("li", code + " " + (r.description || "") +
        (schema ? " — " + schema + " (" + kinds[0] + ")" : "")));
    });
    block.appendChild(el("h3", texts.answers));
    block.appendChild(answers);
    return block;
  }

  fetch(link.href, {headers: {"Accept": "application/json"}}).then(function (r) {
    return r.json();
  }).then(function (doc) {
    Object.keys(doc.paths || {}).forEach(function (path) {
      var item = doc.paths[path];
      ["get", "post", "put", "delete"].forEach(function (method) {
        if (item[method]) out.appendChild(operation(doc, path, method, item[method]));
      });
    });
  }).catch(function () {
    out.appendChild(el("p", texts.failed, "error"));
  });
})();
