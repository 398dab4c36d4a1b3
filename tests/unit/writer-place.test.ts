import { describe, expect, it } from 'vitest';
import { deviceName, placeLine, regionName } from '../../src/lib/writer-place.ts';
import { deviceOf, regionOf } from '../../src/server/services/writer-place.ts';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const WECHAT_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';

describe('IP 属地 from the offline database (ip2region)', () => {
  it('gives the province, short, for an address in China', () => {
    // Public resolvers whose place the package's data records: AliDNS (Hangzhou), 114DNS (Nanjing),
    // a Guangzhou Telecom resolver, a Beijing address.
    expect(regionOf('223.5.5.5')).toBe('浙江');
    expect(regionOf('114.114.114.114')).toBe('江苏');
    expect(regionOf('202.96.128.86')).toBe('广东');
    expect(regionOf('61.135.169.121')).toBe('北京');
    // An IPv4 address as a dual-stack socket reports it.
    expect(regionOf('::ffff:223.5.5.5')).toBe('浙江');
  });

  it('gives the country elsewhere, nothing for a private, local or broken address', () => {
    expect(regionOf('8.8.8.8')).toBe('美国');
    expect(regionOf('127.0.0.1')).toBe('');
    expect(regionOf('192.168.1.10')).toBe('');
    expect(regionOf('::1')).toBe('');
    expect(regionOf('')).toBe('');
    expect(regionOf('not an address')).toBe('');
  });

  it('shortens the full names the database keeps', () => {
    expect(regionName({ country: '中国', province: '广西壮族自治区' })).toBe('广西');
    expect(regionName({ country: '中国', province: '新疆维吾尔自治区' })).toBe('新疆');
    expect(regionName({ country: '中国', province: '内蒙古自治区' })).toBe('内蒙古');
    expect(regionName({ country: '中国', province: '香港特别行政区' })).toBe('香港');
    expect(regionName({ country: '中国', province: '上海市' })).toBe('上海');
    expect(regionName({ country: '中国', province: '' })).toBe('中国');
    expect(regionName({ country: '日本', province: '东京都' })).toBe('日本');
    expect(regionName(null)).toBe('');
  });
});

describe('browser and system from the User-Agent', () => {
  it('names both', () => {
    expect(deviceOf(CHROME_WINDOWS)).toBe('Chrome · Windows');
    expect(deviceOf(WECHAT_IPHONE)).toBe('WeChat · iOS');
    expect(deviceOf('')).toBe('');
  });

  it('keeps what is known, short', () => {
    expect(deviceName('Firefox', undefined)).toBe('Firefox');
    expect(deviceName(undefined, '')).toBe('');
    expect(deviceName('x'.repeat(60), 'Linux').length).toBe(40);
  });
});

describe('the line under the name', () => {
  it('joins what is shown', () => {
    expect(placeLine('广东', 'Chrome · Windows')).toBe('来自 广东 · Chrome · Windows');
    expect(placeLine('广东', '')).toBe('来自 广东');
    expect(placeLine('', 'Chrome · Windows')).toBe('Chrome · Windows');
    expect(placeLine('', '')).toBe('');
  });
});
