"""GET /api/openapi.json: valid JSON that documents exactly the API's routes."""

from __future__ import annotations

import base64
import json
import re
from typing import Any

import pytest
from api_helpers import PadApi
from flask import Flask
from flask.testing import FlaskClient

HTTP_METHODS = {"get", "put", "post", "delete", "patch"}


def api_routes(app: Flask) -> dict[str, set[str]]:
    """Each /api/ route of the app in OpenAPI spelling, with its methods."""
    routes: dict[str, set[str]] = {}
    for rule in app.url_map.iter_rules():
        if not rule.endpoint.startswith("api."):
            continue
        path = re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule.rule)
        methods = {m.lower() for m in rule.methods or ()} - {"head", "options"}
        routes.setdefault(path, set()).update(methods)
    return routes


def document(client: FlaskClient) -> dict[str, Any]:
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    data = json.loads(response.data)
    assert isinstance(data, dict)
    return data


def test_document_is_openapi_3_1(client: FlaskClient) -> None:
    doc = document(client)
    assert doc["openapi"].startswith("3.1")
    assert doc["info"]["title"] and doc["info"]["version"]


def test_document_lists_every_route_and_no_other(app: Flask, client: FlaskClient) -> None:
    doc = document(client)
    documented = {
        path: {key for key in item if key in HTTP_METHODS} for path, item in doc["paths"].items()
    }
    assert documented == api_routes(app)


def test_every_path_parameter_is_declared(client: FlaskClient) -> None:
    for path, item in document(client)["paths"].items():
        names = set(re.findall(r"{([^}]+)}", path))
        for method in HTTP_METHODS & set(item):
            declared = {
                p["name"]
                for p in item.get("parameters", []) + item[method].get("parameters", [])
                if p["in"] == "path"
            }
            assert declared == names, (path, method)


def test_every_reference_resolves(client: FlaskClient) -> None:
    doc = document(client)
    schemas = doc["components"]["schemas"]
    refs = re.findall(r'"\$ref": "#/components/schemas/([^"]+)"', json.dumps(doc))
    assert refs
    assert set(refs) <= set(schemas)


def test_every_operation_documents_its_answers(client: FlaskClient) -> None:
    for path, item in document(client)["paths"].items():
        for method in HTTP_METHODS & set(item):
            operation = item[method]
            assert operation["summary"] and operation["operationId"]
            codes = set(operation["responses"])
            assert codes & {"200", "201"}, (path, method)
            if path != "/api/openapi.json":
                assert {"400", "500"} & codes, (path, method)
            for code, answer in operation["responses"].items():
                if code.startswith(("4", "5")):
                    schema = answer["content"]["application/json"]["schema"]
                    assert schema == {"$ref": "#/components/schemas/Error"}


def test_body_operations_describe_their_body(client: FlaskClient) -> None:
    for item in document(client)["paths"].values():
        for method in {"post", "put"} & set(item):
            assert "application/json" in item[method]["requestBody"]["content"]


def test_examples_in_the_document_work(client: FlaskClient, api: PadApi) -> None:
    paths = document(client)["paths"]
    example = paths["/api/games"]["post"]["requestBody"]["content"]["application/json"]
    created = client.post("/api/games", json=example["example"])
    assert created.status_code == 201
    game_id = api.json(created)["id"]
    body = paths["/api/games/{game_id}/rounds"]["post"]["requestBody"]["content"]
    saved = client.post(f"/api/games/{game_id}/rounds", json=body["application/json"]["example"])
    assert api.json(saved)["totals"] == [8, 50, 20]
    grid = paths["/api/score"]["post"]["requestBody"]["content"]["application/json"]["example"]
    assert api.json(client.post("/api/score", json=grid)) == {"raw": 16, "removed_columns": [0]}


def test_document_passes_an_openapi_validator(client: FlaskClient) -> None:
    """Runs where openapi-spec-validator is installed (it is not a required test extra)."""
    validator = pytest.importorskip("openapi_spec_validator")
    validator.validate(document(client))


def test_what_stands_in_front_of_the_views_is_documented(make_app: Any) -> None:
    """With an access password set, every operation no table token opens answers 401
    without it, and says so; any with a body says 413; a rate-limited one says 429."""
    app = make_app(ACCESS_PASSWORD="a long password")
    client = app.test_client()
    basic = {"Authorization": "Basic " + base64.b64encode(b"x:a long password").decode()}
    doc = json.loads(client.get("/api/openapi.json", headers=basic).data)
    assert doc["components"]["securitySchemes"]["accessPassword"]["scheme"] == "basic"
    guarded = 0
    for path, item in doc["paths"].items():
        for method in HTTP_METHODS & set(item):
            operation, answers = item[method], item[method]["responses"]
            assert ("413" in answers) == ("requestBody" in operation), (path, method)
            if {"accessPassword": []} not in operation["security"]:
                assert operation["security"] == [{"tableToken": []}], (path, method)
                continue
            assert {"401", "429"} <= set(answers), (path, method)
            url = re.sub(r"{[^}]+}", "0", path)
            refused = client.open(url, method=method.upper(), json={})
            assert refused.status_code == 401, (path, method)
            guarded += 1
    assert guarded >= 10
    for limited in ("/api/games", "/api/tables"):
        assert "429" in doc["paths"][limited]["post"]["responses"]
    created = doc["paths"]["/api/games"]["post"]["responses"]["201"]
    assert "Location" in created["headers"]
