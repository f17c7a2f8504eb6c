"""Every API request body, declared once as a typed model: the views read bodies through
them (`Model.read(data)`), and the OpenAPI document's request schemas are generated from
them (`openapi_models.schemas()`)."""
