# Reads a JSON list of requests ({method, path, query, content_type, body_path}) on stdin and decodes each one
# with Rack: Request#GET (Rack::Utils.parse_nested_query), Request#POST (forms and Rack::Multipart) and the json
# gem for JSON bodies. Prints a JSON list of {get, post, files, json} (or {error}).
ENV['RACK_MULTIPART_PART_LIMIT'] ||= '0'
ENV['RACK_MULTIPART_TOTAL_PART_LIMIT'] ||= '0'
require 'rack'
require 'json'
require 'digest'

def plain(value, files, path)
  case value
  when Hash
    if value[:tempfile].is_a?(Tempfile) || value[:tempfile].is_a?(File)
      file = value[:tempfile]
      file.rewind
      digest = Digest::SHA256.new
      size = 0
      while (chunk = file.read(1 << 20))
        digest << chunk
        size += chunk.bytesize
      end
      files << { 'name' => path, 'filename' => value[:filename], 'type' => value[:type],
                 'size' => size, 'sha256' => digest.hexdigest }
      return { '$file' => value[:filename] }
    end
    value.each_with_object({}) { |(k, v), h| h[k.to_s] = plain(v, files, path.empty? ? k.to_s : "#{path}[#{k}]") }
  when Array
    value.each_with_index.map { |v, i| plain(v, files, "#{path}[]") }
  when String
    value.dup.force_encoding('UTF-8').valid_encoding? ? value.dup.force_encoding('UTF-8') : { '$bytes_hex' => value.unpack1('H*') }
  else
    value
  end
end

requests = JSON.parse($stdin.read)
results = requests.map do |r|
  begin
    input = File.open(r['body_path'], 'rb')
    env = Rack::MockRequest.env_for(r['path'] + (r['query'].empty? ? '' : '?' + r['query']),
                                    method: r['method'], input: input)
    env['CONTENT_TYPE'] = r['content_type'] if r['content_type']
    env['CONTENT_LENGTH'] = File.size(r['body_path']).to_s
    request = Rack::Request.new(env)
    files = []
    out = { 'get' => plain(request.GET, files, '') }
    if r['content_type'] =~ %r{\Aapplication/([a-z0-9.+-]*\+)?json}i
      input.rewind
      out['json'] = JSON.parse(input.read)
      out['post'] = {}
    else
      out['post'] = plain(request.POST, files, '')
    end
    out['files'] = files
    input.close
    out
  rescue StandardError => e
    { 'error' => "#{e.class}: #{e.message}" }
  end
end
puts JSON.generate(results)
