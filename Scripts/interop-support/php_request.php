<?php
// Run under php-cgi with REQUEST_METHOD, QUERY_STRING, CONTENT_TYPE, CONTENT_LENGTH and the body on stdin:
// PHP's own SAPI parsers fill $_GET (the parser behind parse_str), $_POST and $_FILES (main/rfc1867.c).
// Prints one JSON object: get, post, files (flattened, with SHA-256 of each upload) and json (php://input decoded).
function flatten_files($name, $info, &$out) {
    if (is_array($info['name'])) {
        foreach ($info['name'] as $k => $_) {
            $sub = [];
            foreach ($info as $field => $values) $sub[$field] = $values[$k];
            flatten_files($name . '[' . $k . ']', $sub, $out);
        }
        return;
    }
    $tmp = $info['tmp_name'];
    $ok = $tmp !== '' && is_uploaded_file($tmp);
    $out[] = [
        'name' => $name,
        'filename' => $info['name'],
        'type' => $info['type'],
        'size' => $ok ? filesize($tmp) : null,
        'sha256' => $ok ? hash_file('sha256', $tmp) : null,
        'error' => $info['error'],
    ];
}
// Values that are not UTF-8 (raw data parts) as {"$bytes_hex": "..."} so that JSON can carry them.
function portable($value) {
    if (is_array($value)) return array_map('portable', $value);
    if (is_string($value) && preg_match('//u', $value) !== 1) return ['$bytes_hex' => bin2hex($value)];
    return $value;
}
$files = [];
foreach ($_FILES as $k => $info) flatten_files((string)$k, $info, $files);
$result = ['get' => portable($_GET), 'post' => portable($_POST), 'files' => $files];
$type = $_SERVER['CONTENT_TYPE'] ?? '';
if (preg_match('~^application/([a-z0-9.+-]*\+)?json~i', $type)) {
    try {
        $result['json'] = json_decode(file_get_contents('php://input'), false, 512, JSON_THROW_ON_ERROR);
    } catch (JsonException $e) {
        $result['json_error'] = $e->getMessage();
    }
}
echo json_encode($result, JSON_INVALID_UTF8_SUBSTITUTE | JSON_PRESERVE_ZERO_FRACTION | JSON_UNESCAPED_UNICODE
    | JSON_UNESCAPED_SLASHES | JSON_PARTIAL_OUTPUT_ON_ERROR);
