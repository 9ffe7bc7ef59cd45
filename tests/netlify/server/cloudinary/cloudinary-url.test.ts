import { describe, expect, it } from 'vitest'

import { ownCloudinaryAsset } from '../../../../netlify/server/cloudinary/cloudinary-url'

describe('ownCloudinaryAsset', () => {
  const PIER = 'https://res.cloudinary.com/demo/image/upload/v17/HIBF_assets/pier.jpg'

  it('gives the asset of a delivery URL on the configured account', () => {
    expect(ownCloudinaryAsset(PIER, 'demo')).toEqual({
      cloudName: 'demo',
      resourceType: 'image',
      publicId: 'HIBF_assets/pier',
    })
  })

  it('gives nothing for another account, for no configured account, or for another host', () => {
    expect(ownCloudinaryAsset(PIER, 'someone-else')).toBeNull()
    expect(ownCloudinaryAsset(PIER, null)).toBeNull()
    expect(
      ownCloudinaryAsset('https://res.cloudinary.com.example.test/demo/image/upload/pier.jpg', 'demo'),
    ).toBeNull()
    expect(ownCloudinaryAsset('http://res.cloudinary.com/demo/image/upload/pier.jpg', 'demo')).toBeNull()
    expect(ownCloudinaryAsset('https://cdn.example.test/demo/image/upload/pier.jpg', 'demo')).toBeNull()
  })
})
