// Reserved entry point: see README.md. The package is published empty until its behaviour lands.
export {};
