"""Views of finished objects: text (CuTe's print_layout), rich, LaTeX, SVG, JSON. Renderers never do algebra."""
