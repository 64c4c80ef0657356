# Dev-time only: ask the 18xx.games engine (tobymao/18xx lib/) which rotations of each tile its
# tile-lay check allows on each hex carrying a partition, and print them as JSON (the data of
# tests/test_partitions.py's comparison with rusty_train_py/partitions.py):
#   ENGINE_LOG_LEVEL=4 ruby -I<shim> -I<snapshot>/lib dump_partitions.rb TITLE > out.json
# {"title", "hexes": {hex: code}, "tiles": {name: [colour, code]},
#  "legal": {hex: {tile: [rotations the engine allows]}}}. Only titles whose
# legal_tile_rotation? checks partitions say anything (1870, while its river company is open).
require 'json'
require 'engine'

title = ARGV[0]
klass = Engine.game_by_title(title)
game = klass.new((1..klass::PLAYER_RANGE.max).map { |i| "Player #{i}" })
corp = game.corporations.first

hexes = game.hexes.reject { |h| h.tile.partitions.empty? }
tiles = game.tiles.uniq(&:name).reject { |t| t.paths.empty? }
legal = hexes.to_h do |hex|
  per_tile = tiles.to_h do |tile|
    rotations = (0..5).select do |r|
      tile.rotate!(r)
      game.legal_tile_rotation?(corp, hex, tile)
    end
    tile.rotate!(0)
    [tile.name, rotations]
  end
  [hex.id, per_tile]
end

puts JSON.pretty_generate(
  'title' => title,
  'hexes' => hexes.to_h { |h| [h.id, h.tile.code] },
  'tiles' => tiles.to_h { |t| [t.name, [t.color.to_s, t.code]] },
  'legal' => legal,
)
